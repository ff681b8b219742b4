import { Empty, Skeleton } from 'antd';
import { Suspense, useRef, type ReactNode } from 'react';
import { lazyComponent } from '../lazy-component';
import { SHARED_TEXTS } from '../texts';
import type { CategoryChartProps, TrendLineChartProps } from './charts';
import { loadCharts } from './load-charts';
import { useDrawWhenSeen } from './use-draw-when-seen';

export type { CategoryPoint, TrendPoint } from './chart-types';

// One dynamic import shared by every chart: the charts chunk loads once, for the first screen with charts.
const LazyTrendLineChart = lazyComponent(loadCharts, (m) => m.TrendLineChart);
const LazyCategoryChart = lazyComponent(loadCharts, (m) => m.CategoryChart);

/** Starts fetching the charts chunk (a screen with charts calls it as it opens, before its data arrives). */
export function preloadCharts(): void {
  // A failed preload is retried when a chart renders.
  Promise.all([LazyTrendLineChart.preload(), LazyCategoryChart.preload()]).catch(() => undefined);
}

interface FrameProps {
  /** What the chart shows, for screen readers and tests. */
  label: string;
  height: number;
  /** True when there is nothing to draw: the frame shows an empty state instead. */
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}

/**
 * A fixed-height box, so that the page does not move while the chart chunk loads or while a chart
 * out of view waits for its turn to draw (see useDrawWhenSeen).
 */
function ChartFrame({ label, height, empty, emptyText, children }: FrameProps) {
  const frame = useRef<HTMLDivElement>(null);
  const draw = useDrawWhenSeen(frame);
  const placeholder = (
    <Skeleton.Node active style={{ width: '100%', height }}>
      <span>{SHARED_TEXTS.chartLoading}</span>
    </Skeleton.Node>
  );
  return (
    <div ref={frame} role="figure" aria-label={label} style={{ height, position: 'relative' }}>
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} style={{ margin: 0, paddingTop: 24 }} />
      ) : draw ? (
        <Suspense fallback={placeholder}>{children}</Suspense>
      ) : (
        placeholder
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
