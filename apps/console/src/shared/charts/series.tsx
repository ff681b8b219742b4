import { lazyComponent } from '../lazy-component';
import { framedChart } from './chart-frame';
import type { CategoryPoint } from './chart-types';
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
  // A failed preload is tried again when a chart renders.
  Promise.all([LazyLogColumnChart.preload(), LazySeriesLineChart.preload()]).catch(() => undefined);
}

/** Columns on a logarithmic axis, e.g. units per installed version. */
export const LogColumnChart = framedChart(LazyLogColumnChart, 'log');

/** One line per series, e.g. daily deliveries, units at the current version and connected units. */
export const SeriesLineChart = framedChart(LazySeriesLineChart, 'linear');
