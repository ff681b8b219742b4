import { Empty, Skeleton } from 'antd';
import { createElement, useRef } from 'react';
import type { LazyComponent } from '../lazy-component';
import { SHARED_TEXTS } from '../texts';
import { useLoadedComponent } from '../use-loaded-component';
import type { DrawnCallback } from './chart-types';
import { useDrawWhenSeen } from './use-draw-when-seen';

interface ChartFrameProps<P extends DrawnCallback & object> {
  /** What the chart shows, for screen readers and tests. */
  label: string;
  height: number;
  /** True when there is nothing to draw: the frame shows an empty state instead. */
  empty: boolean;
  emptyText: string;
  /** The vertical scale, said on the frame so that tests (which never draw) can see it. */
  scale?: 'log' | 'linear';
  /** The chart, whose code is loaded lazily, and its props (the frame adds `onDrawn`). */
  chart: LazyComponent<P>;
  props: P;
}

/**
 * The box around every lazily drawn chart: a fixed height, so that the page does not move while the
 * chart code loads or while a chart out of view waits for its turn to draw (see useDrawWhenSeen).
 */
export function ChartFrame<P extends DrawnCallback & object>({
  label,
  height,
  empty,
  emptyText,
  scale,
  chart,
  props,
}: ChartFrameProps<P>) {
  const frame = useRef<HTMLDivElement>(null);
  const { ready, drawn } = useDrawWhenSeen(frame, empty);
  const Chart = useLoadedComponent(chart);
  return (
    <div ref={frame} role="figure" aria-label={label} data-scale={scale} style={{ height, position: 'relative' }}>
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} style={{ margin: 0, paddingTop: 24 }} />
      ) : ready && Chart ? (
        createElement(Chart, { ...props, onDrawn: drawn })
      ) : (
        <Skeleton.Node active style={{ width: '100%', height }}>
          <span>{SHARED_TEXTS.chartLoading}</span>
        </Skeleton.Node>
      )}
    </div>
  );
}
