/*
 * The dashboard's charts; with series-charts.tsx, one of the two modules that import @ant-design/charts.
 * It is loaded lazily (see index.tsx and load-charts.ts), so the login page never fetches it.
 */
import { Bar, Column, Line } from '@ant-design/charts';
import type { CategoryPoint, DrawnCallback, TrendPoint } from './chart-types';
import {
  COLUMN_CATEGORY_AXIS,
  COLUMN_VALUE_LABEL_TRANSFORM,
  drawnAgainOnlyWhenChanged,
  formatCount,
  whenDrawn,
  wholeTicksOnly,
} from './chart-options';

export interface TrendLineChartProps extends DrawnCallback {
  points: TrendPoint[];
  height: number;
}

function TrendLine({ points, height, onDrawn }: TrendLineChartProps) {
  return (
    <Line
      data={points}
      xField="sample"
      yField="connected"
      height={height}
      autoFit
      animate={false}
      axis={{
        x: { title: false, tickFilter: wholeTicksOnly },
        y: { title: false, labelFormatter: formatCount },
      }}
      // From zero, so that a dip of two units does not look like an outage.
      scale={{ y: { domainMin: 0, nice: true } }}
      tooltip={{ items: [{ channel: 'y', name: 'Connected' }] }}
      onReady={whenDrawn(onDrawn)}
    />
  );
}

export const TrendLineChart = drawnAgainOnlyWhenChanged(TrendLine);

export interface CategoryChartProps extends DrawnCallback {
  points: CategoryPoint[];
  height: number;
  /** Bars across (long labels such as usernames) instead of columns. */
  horizontal?: boolean;
  colour?: string;
}

const countLabel = (point: CategoryPoint) => formatCount(point.value);

function Categories({ points, height, horizontal, colour, onDrawn }: CategoryChartProps) {
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
      // Room after the longest bar for its count.
      paddingRight={horizontal ? 56 : undefined}
      // The value axis repeats what the labels on the bars say, and axes are the dearest part of a
      // chart to draw (about a third of its time): only the category axis is drawn.
      axis={{ x: horizontal ? { title: false } : COLUMN_CATEGORY_AXIS, y: false }}
      label={
        horizontal
          ? // After the bar's end, not over it: a short bar's count would cover the category axis.
            { text: countLabel, position: 'right', textAlign: 'start', dx: 4 }
          : { text: countLabel, position: 'top', transform: COLUMN_VALUE_LABEL_TRANSFORM }
      }
      tooltip={{ items: [{ channel: 'y', name: 'Total' }] }}
      onReady={whenDrawn(onDrawn)}
    />
  );
}

export const CategoryChart = drawnAgainOnlyWhenChanged(Categories);
