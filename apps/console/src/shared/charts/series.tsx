import { lazyComponent } from '../lazy-component';
import { ChartFrame } from './chart-frame';
import type { CategoryPoint } from './chart-types';
import type { LogColumnChartProps, SeriesLineChartProps } from './series-charts';
import type { SeriesPoint } from './series-types';

export type { CategoryPoint, SeriesPoint };

/*
 * The lazy entry of series-charts.tsx (the back-office charts): nothing here imports
 * @ant-design/charts, so a screen that imports this file stays small until a chart draws.
 */
const loadSeriesCharts = () => import('./series-charts');
const LazyLogColumnChart = lazyComponent(loadSeriesCharts, (m) => m.LogColumnChart);
const LazySeriesLineChart = lazyComponent(loadSeriesCharts, (m) => m.SeriesLineChart);

/** Starts fetching the chart code as a screen with charts opens, before its data arrives. */
export function preloadSeriesCharts(): void {
  // A failed preload is retried when a chart renders.
  Promise.all([LazyLogColumnChart.preload(), LazySeriesLineChart.preload()]).catch(() => undefined);
}

/** Columns on a logarithmic axis, e.g. units per installed version. */
export function LogColumnChart(props: LogColumnChartProps & { label: string; emptyText: string }) {
  const { label, emptyText, ...chart } = props;
  return (
    <ChartFrame
      label={label}
      height={chart.height}
      empty={chart.points.length === 0}
      emptyText={emptyText}
      scale="log"
      chart={LazyLogColumnChart}
      props={chart}
    />
  );
}

/** One line per series, e.g. daily deliveries, units at the current version and connected units. */
export function SeriesLineChart(props: SeriesLineChartProps & { label: string; emptyText: string }) {
  const { label, emptyText, ...chart } = props;
  return (
    <ChartFrame
      label={label}
      height={chart.height}
      empty={chart.points.length === 0}
      emptyText={emptyText}
      scale="linear"
      chart={LazySeriesLineChart}
      props={chart}
    />
  );
}
