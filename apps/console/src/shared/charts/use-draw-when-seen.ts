import { useEffect, useState, type RefObject } from 'react';

function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: 2_000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 200);
  return () => clearTimeout(handle);
}

/**
 * Whether a chart may draw now. A chart costs about a tenth of a second of the main thread to draw on
 * a slow machine: one in view draws at once, one out of view waits until it scrolls into view or the
 * browser is idle, so that the screen the user looks at fills first. Without IntersectionObserver
 * (jsdom) every chart draws at once.
 */
export function useDrawWhenSeen(ref: RefObject<Element | null>): boolean {
  const [ready, setReady] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (ready || !element) return undefined;
    const draw = () => setReady(true);
    let cancelIdle: (() => void) | undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) draw();
      else cancelIdle ??= whenIdle(draw);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelIdle?.();
    };
  }, [ref, ready]);
  return ready;
}
