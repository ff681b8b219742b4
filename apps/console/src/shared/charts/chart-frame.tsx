import { Empty, Skeleton } from 'antd';
import { Suspense, useRef, type ReactNode } from 'react';
import { SHARED_TEXTS } from '../texts';
import { useDrawWhenSeen } from './use-draw-when-seen';

interface ChartFrameProps {
  /** What the chart shows, for screen readers and tests. */
  label: string;
  height: number;
  /** True when there is nothing to draw: the frame shows an empty state instead. */
  empty: boolean;
  emptyText: string;
  /** The vertical scale, said on the frame so that tests (which never draw) can see it. */
  scale?: 'log' | 'linear';
  /** The chart, given the function it calls once it has drawn. */
  children: (onDrawn: () => void) => ReactNode;
}

/**
 * The box around every lazily drawn chart: a fixed height, so that the page does not move while the
 * chart code loads or while a chart out of view waits for its turn to draw (see useDrawWhenSeen).
 */
export function ChartFrame({ label, height, empty, emptyText, scale, children }: ChartFrameProps) {
  const frame = useRef<HTMLDivElement>(null);
  const { ready, drawn } = useDrawWhenSeen(frame, empty);
  const placeholder = (
    <Skeleton.Node active style={{ width: '100%', height }}>
      <span>{SHARED_TEXTS.chartLoading}</span>
    </Skeleton.Node>
  );
  return (
    <div ref={frame} role="figure" aria-label={label} data-scale={scale} style={{ height, position: 'relative' }}>
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} style={{ margin: 0, paddingTop: 24 }} />
      ) : ready ? (
        <Suspense fallback={placeholder}>{children(drawn)}</Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
