import { Empty, Skeleton } from 'antd';
import { createElement, useRef, type ComponentType } from 'react';
import type { LazyComponent } from '../lazy-component';
import { SHARED_TEXTS } from '../texts';
import { useLoadedComponent } from '../use-loaded-component';
import type { DrawnCallback } from './chart-types';
import { useDrawWhenSeen } from './use-draw-when-seen';

/** What every lazily drawn chart is given: its points (none: the empty state) and its height. */
interface ChartProps extends DrawnCallback {
  points: readonly unknown[];
  height: number;
}

/** What the frame adds to a chart's own props. */
export interface FrameTexts {
  /** What the chart shows, for screen readers and tests. */
  label: string;
  /** Said instead of the chart when there is nothing to draw. */
  emptyText: string;
}

/**
 * A chart component for the screens: the lazily loaded `chart` in a box of a fixed height, so that the
 * page does not move while the chart code loads or while a chart out of view waits for its turn to draw
 * (see useDrawWhenSeen). `scale` names the vertical scale on the frame, so that tests (which never draw)
 * can see it. The frame is `aria-busy` until its chart has drawn (G2 draws after the canvas exists, in
 * steps), so that assistive technology, tests and the sign-in benchmark know when the chart is on screen.
 */
export function framedChart<P extends ChartProps>(
  chart: LazyComponent<P>,
  scale?: 'log' | 'linear',
): ComponentType<P & FrameTexts> {
  return function ChartFrame(props: P & FrameTexts) {
    const { label, emptyText, points, height } = props;
    const frame = useRef<HTMLDivElement>(null);
    const empty = points.length === 0;
    const { ready, drawn, hasDrawn } = useDrawWhenSeen(frame, empty);
    const Chart = useLoadedComponent(chart);
    return (
      <div
        ref={frame}
        role="figure"
        aria-label={label}
        aria-busy={!empty && !hasDrawn}
        data-scale={scale}
        style={{ height, position: 'relative' }}
      >
        {empty ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={emptyText}
            style={{ margin: 0, paddingTop: 24 }}
          />
        ) : ready && Chart ? (
          createElement(Chart, { ...props, onDrawn: drawn })
        ) : (
          <Skeleton.Node active style={{ width: '100%', height }}>
            <span>{SHARED_TEXTS.chartLoading}</span>
          </Skeleton.Node>
        )}
      </div>
    );
  };
}
