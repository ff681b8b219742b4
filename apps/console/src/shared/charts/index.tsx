import { lazyComponent } from '../lazy-component';
import { framedChart } from './chart-frame';
import { loadCharts } from './load-charts';

export type { CategoryPoint, TrendPoint } from './chart-types';

// One dynamic import shared by every chart: the charts chunk loads once, for the first screen with charts.
const LazyTrendLineChart = lazyComponent(loadCharts, (m) => m.TrendLineChart);
const LazyCategoryChart = lazyComponent(loadCharts, (m) => m.CategoryChart);

/** Starts fetching the charts chunk (a screen with charts calls it as it opens, before its data arrives). */
export function preloadCharts(): void {
  // A failed preload is tried again when a chart renders.
  Promise.all([LazyTrendLineChart.preload(), LazyCategoryChart.preload()]).catch(() => undefined);
}

/** The connected-aligner trend. */
export const TrendChart = framedChart(LazyTrendLineChart);

/** Bars or columns, one per category. */
export const CategoryChart = framedChart(LazyCategoryChart);
