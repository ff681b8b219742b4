/**
 * Runs `run` in a moment when the browser is idle (at the latest after 2 s); where the browser has no
 * idle callbacks, after a short wait. Answers a function that calls it off.
 */
export function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: 2_000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 200);
  return () => clearTimeout(handle);
}
