import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { whenIdle } from '../when-idle';
import { anyChartDrawing, chartDrawing } from './charts-drawing';

/** Runs `run` in a moment when the browser is idle and no chart is drawing. */
function whenIdleAndNoChartDrawing(run: () => void): () => void {
  let cancel = whenIdle(function check() {
    if (anyChartDrawing()) cancel = whenIdle(check);
    else run();
  });
  return () => cancel();
}

export interface DrawWhenSeen {
  /** Whether the chart may draw now. */
  ready: boolean;
  /** The chart has drawn: the charts out of view may start. */
  drawn: () => void;
  /** Whether the chart has drawn (G2 draws some time after the chart is created, in steps). */
  hasDrawn: boolean;
}

/**
 * When a chart may draw. A chart costs about a tenth of a second of the main thread to draw on a slow
 * machine: one in view draws at once; one out of view waits until it scrolls into view, or until the
 * browser is idle and no other chart is drawing, so that the screen the user looks at fills first.
 * Without IntersectionObserver (jsdom) every chart draws at once.
 */
export function useDrawWhenSeen(ref: RefObject<Element | null>, empty: boolean): DrawWhenSeen {
  const [ready, setReady] = useState(() => typeof IntersectionObserver === 'undefined');
  const [hasDrawn, setHasDrawn] = useState(false);
  const finish = useRef<(() => void) | null>(null);
  const drawn = useCallback(() => {
    finish.current?.();
    setHasDrawn(true);
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (ready || !element) return undefined;
    const draw = () => {
      finish.current = chartDrawing();
      setReady(true);
    };
    let cancelWait: (() => void) | undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) draw();
      else cancelWait ??= whenIdleAndNoChartDrawing(draw);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelWait?.();
    };
  }, [ref, ready]);

  // A frame with nothing to draw, or one that goes away, holds no other chart back.
  useEffect(() => {
    if (empty) drawn();
  }, [empty, ready, drawn]);
  useEffect(() => drawn, [drawn]);

  return { ready, drawn, hasDrawn };
}
