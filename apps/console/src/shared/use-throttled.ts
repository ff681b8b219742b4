import { useEffect, useRef, useState } from 'react';

/**
 * The value, changed at most once every `everyMs`: the first change shows at once, later ones within
 * the interval are held and the latest of them shows when it ends. For views that are dear to redraw
 * and fed faster than anyone reads them (a chart fed twice a second).
 */
export function useThrottled<T>(value: T, everyMs: number): T {
  const [shown, setShown] = useState(value);
  const lastShownAt = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => {
    if (Object.is(value, shown)) return undefined;
    const wait = lastShownAt.current + everyMs - Date.now();
    const show = () => {
      lastShownAt.current = Date.now();
      setShown(value);
    };
    if (wait <= 0) {
      show();
      return undefined;
    }
    const timer = setTimeout(show, wait);
    return () => clearTimeout(timer);
  }, [value, shown, everyMs]);
  return shown;
}
