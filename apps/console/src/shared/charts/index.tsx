import { Empty, Skeleton } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { SHARED_TEXTS } from '../texts';
import type { CategoryChartProps, TrendLineChartProps } from './charts';

export type { CategoryPoint, TrendPoint } from './chart-types';

// One dynamic import shared by every chart: the charts chunk loads once, for the first screen with charts.
const loadCharts = () => import('./charts');

/** Starts fetching the charts chunk (a screen with charts calls it as it opens, before its data arrives). */
export function preloadCharts(): void {
  loadCharts().catch(() => undefined);
}
const LazyTrendLineChart = lazy(() => loadCharts().then((m) => ({ default: m.TrendLineChart })));
const LazyCategoryChart = lazy(() => loadCharts().then((m) => ({ default: m.CategoryChart })));

interface FrameProps {
  /** What the chart shows, for screen readers and tests. */
  label: string;
  height: number;
  /** True when there is nothing to draw: the frame shows an empty state instead. */
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}

/** A fixed-height box, so that the page does not move while the chart chunk loads. */
function ChartFrame({ label, height, empty, emptyText, children }: FrameProps) {
  return (
    <div role="figure" aria-label={label} style={{ height, position: 'relative' }}>
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} style={{ margin: 0, paddingTop: 24 }} />
      ) : (
        <Suspense
          fallback={
            <Skeleton.Node active style={{ width: '100%', height }}>
              <span>{SHARED_TEXTS.chartLoading}</span>
            </Skeleton.Node>
          }
        >
          {children}
        </Suspense>
      )}
    </div>
  );
}

export function TrendChart(props: TrendLineChartProps & { label: string; emptyText: string }) {
  const { label, emptyText, ...chart } = props;
  return (
    <ChartFrame label={label} height={chart.height} empty={chart.points.length === 0} emptyText={emptyText}>
      <LazyTrendLineChart {...chart} />
    </ChartFrame>
  );
}

export function CategoryChart(props: CategoryChartProps & { label: string; emptyText: string }) {
  const { label, emptyText, ...chart } = props;
  return (
    <ChartFrame label={label} height={chart.height} empty={chart.points.length === 0} emptyText={emptyText}>
      <LazyCategoryChart {...chart} />
    </ChartFrame>
  );
}
