import { Empty, Skeleton } from 'antd';
import { Suspense, type ReactNode } from 'react';
import { lazyComponent } from '../lazy-component';
import { SHARED_TEXTS } from '../texts';
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

interface FrameProps {
  /** What the chart shows, for screen readers and tests. */
  label: string;
  height: number;
  empty: boolean;
  emptyText: string;
  /** The vertical scale, said on the frame so that tests (which never draw) can see it. */
  scale: 'log' | 'linear';
  children: ReactNode;
}

/** A fixed-height box, so that the page does not move while the chart code loads. */
function Frame({ label, height, empty, emptyText, scale, children }: FrameProps) {
  return (
    <div role="figure" aria-label={label} data-scale={scale} style={{ height, position: 'relative' }}>
      {empty ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={emptyText}
          style={{ margin: 0, paddingTop: 24 }}
        />
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

/** Columns on a logarithmic axis, e.g. units per installed version. */
export function LogColumnChart(props: LogColumnChartProps & { label: string; emptyText: string }) {
  const { label, emptyText, ...chart } = props;
  return (
    <Frame
      label={label}
      height={chart.height}
      empty={chart.points.length === 0}
      emptyText={emptyText}
      scale="log"
    >
      <LazyLogColumnChart {...chart} />
    </Frame>
  );
}

/** One line per series, e.g. daily deliveries, units at the current version and connected units. */
export function SeriesLineChart(props: SeriesLineChartProps & { label: string; emptyText: string }) {
  const { label, emptyText, ...chart } = props;
  return (
    <Frame
      label={label}
      height={chart.height}
      empty={chart.points.length === 0}
      emptyText={emptyText}
      scale="linear"
    >
      <LazySeriesLineChart {...chart} />
    </Frame>
  );
}
