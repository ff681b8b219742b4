/** What a chart's `onReady` is handed: @ant-design/charts' plot, around G2's chart. */
interface ReadyPlot {
  chart?: { once?: (event: string, listener: () => void) => unknown };
}

/**
 * For a chart's `onReady`: calls `onDrawn` once G2 has drawn the chart. G2 says so with its
 * 'afterrender' event, which @ant-design/charts does not pass on to `onEvent` (it carries no payload).
 */
export function whenDrawn(onDrawn: (() => void) | undefined) {
  return (plot: ReadyPlot) => {
    if (onDrawn) plot.chart?.once?.('afterrender', onDrawn);
  };
}
