/*
 * Charts of the back-office screens (Software Versions, Specifications, Update Scheduler). Like
 * charts.tsx this module imports @ant-design/charts and is only ever loaded through React.lazy (see
 * series.tsx), so the login page never fetches it.
 */
import { Column, Line } from '@ant-design/charts';
import type { CategoryPoint, DrawnCallback } from './chart-types';
import {
  COLUMN_CATEGORY_AXIS,
  COLUMN_VALUE_LABEL_TRANSFORM,
  drawnAgainOnlyWhenChanged,
  whenDrawn,
} from './chart-options';
import type { SeriesPoint } from './series-types';

export interface LogColumnChartProps extends DrawnCallback {
  points: CategoryPoint[];
  height: number;
  /** The tooltip's name for a bar's value, e.g. 'Units'. */
  valueName: string;
}

function LogColumns({ points, height, valueName, onDrawn }: LogColumnChartProps) {
  // A column runs from y1 to y; G2 starts it at 0 by default, which a log scale cannot place (the
  // columns would not draw): each starts at 1 instead, the bottom of the axis.
  const data = points.map((point) => ({ ...point, base: 1 }));
  return (
    <Column
      data={data}
      xField="label"
      yField="value"
      y1Field="base"
      height={height}
      autoFit
      animate={false}
      scale={{ y: { type: 'log', nice: true } }}
      axis={{ x: COLUMN_CATEGORY_AXIS, y: { title: false } }}
      label={{ text: 'value', position: 'top', transform: COLUMN_VALUE_LABEL_TRANSFORM }}
      tooltip={{ items: [{ channel: 'y', name: valueName }] }}
      onReady={whenDrawn(onDrawn)}
    />
  );
}

/**
 * Columns on a logarithmic vertical axis (back-office §9: "Charts use a logarithmic axis"): a version
 * with 3 units stays visible beside one with 3,000. Callers leave out totals of 1 or less (log 1 = 0).
 */
export const LogColumnChart = drawnAgainOnlyWhenChanged(LogColumns);

export interface SeriesLineChartProps extends DrawnCallback {
  points: SeriesPoint[];
  height: number;
}

function SeriesLines({ points, height, onDrawn }: SeriesLineChartProps) {
  return (
    <Line
      data={points}
      xField="key"
      yField="value"
      colorField="series"
      height={height}
      autoFit
      animate={false}
      axis={{ x: { title: false }, y: { title: false } }}
      legend={{ color: { position: 'top' } }}
      onReady={whenDrawn(onDrawn)}
    />
  );
}

/** Several series over the same keys, one line each with a legend (the update scheduler's activity). */
export const SeriesLineChart = drawnAgainOnlyWhenChanged(SeriesLines);
