import { lazyComponent } from '../lazy-component';
import { ChartFrame } from './chart-frame';
import type { CategoryChartProps, TrendLineChartProps } from './charts';
import { loadCharts } from './load-charts';

export type { CategoryPoint, TrendPoint } from './chart-types';

// One dynamic import shared by every chart: the charts chunk loads once, for the first screen with charts.
const LazyTrendLineChart = lazyComponent(loadCharts, (m) => m.TrendLineChart);
const LazyCategoryChart = lazyComponent(loadCharts, (m) => m.CategoryChart);

/** Starts fetching the charts chunk (a screen with charts calls it as it opens, before its data arrives). */
export function preloadCharts(): void {
  // A failed preload is retried when a chart renders.
  Promise.all([LazyTrendLineChart.preload(), LazyCategoryChart.preload()]).catch(() => undefined);
}

export function TrendChart(props: TrendLineChartProps & { label: string; emptyText: string }) {
  const { label, emptyText, ...chart } = props;
  return (
    <ChartFrame
      label={label}
      height={chart.height}
      empty={chart.points.length === 0}
      emptyText={emptyText}
      chart={LazyTrendLineChart}
      props={chart}
    />
  );
}

export function CategoryChart(props: CategoryChartProps & { label: string; emptyText: string }) {
  const { label, emptyText, ...chart } = props;
  return (
    <ChartFrame
      label={label}
      height={chart.height}
      empty={chart.points.length === 0}
      emptyText={emptyText}
      chart={LazyCategoryChart}
      props={chart}
    />
  );
}
