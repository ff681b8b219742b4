/*
 * The dashboard's charts; with series-charts.tsx, one of the two modules that import @ant-design/charts.
 * It is loaded lazily (see index.tsx and load-charts.ts), so the login page never fetches it.
 */
import { Bar, Column, Line } from '@ant-design/charts';
import type { CategoryPoint, DrawnCallback, TrendPoint } from './chart-types';
import { COLUMN_CATEGORY_AXIS, COLUMN_VALUE_LABEL_TRANSFORM, whenDrawn } from './chart-options';

export interface TrendLineChartProps extends DrawnCallback {
  points: TrendPoint[];
  height: number;
}

export function TrendLineChart({ points, height, onDrawn }: TrendLineChartProps) {
  return (
    <Line
      data={points}
      xField="sample"
      yField="connected"
      height={height}
      autoFit
      animate={false}
      axis={{ x: { title: false }, y: { title: false } }}
      // From zero, so that a dip of two units does not look like an outage.
      scale={{ y: { domainMin: 0, nice: true } }}
      tooltip={{ items: [{ channel: 'y', name: 'Connected' }] }}
      onReady={whenDrawn(onDrawn)}
    />
  );
}

export interface CategoryChartProps extends DrawnCallback {
  points: CategoryPoint[];
  height: number;
  /** Bars across (long labels such as usernames) instead of columns. */
  horizontal?: boolean;
  colour?: string;
}

export function CategoryChart({ points, height, horizontal, colour, onDrawn }: CategoryChartProps) {
  const Chart = horizontal ? Bar : Column;
  return (
    <Chart
      data={points}
      xField="label"
      yField="value"
      height={height}
      autoFit
      animate={false}
      style={colour ? { fill: colour } : undefined}
      // The value axis repeats what the labels on the bars say, and axes are the dearest part of a
      // chart to draw (about a third of its time): only the category axis is drawn.
      axis={{ x: horizontal ? { title: false } : COLUMN_CATEGORY_AXIS, y: false }}
      label={
        horizontal
          ? { text: 'value', position: 'right' }
          : { text: 'value', position: 'top', transform: COLUMN_VALUE_LABEL_TRANSFORM }
      }
      tooltip={{ items: [{ channel: 'y', name: 'Total' }] }}
      onReady={whenDrawn(onDrawn)}
    />
  );
}
