/**
 * How many charts are drawing. G2 draws a chart in many asynchronous steps, so charts that start
 * together interleave and all finish late: a chart out of view waits until none is drawing
 * (use-draw-when-seen.ts), so the charts in view, which start at once, reach the screen first.
 */
let drawing = 0;

/** A chart that has not said it drew by then no longer holds the others back (a failed draw, say). */
const LONGEST_DRAW_MS = 3_000;

/** Counts a chart as drawing until the returned function is called (calls after the first do nothing). */
export function chartDrawing(): () => void {
  drawing += 1;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    clearTimeout(expiry);
    drawing -= 1;
  };
  const expiry = setTimeout(finish, LONGEST_DRAW_MS);
  return finish;
}

export function anyChartDrawing(): boolean {
  return drawing > 0;
}
