// Stands in for @ant-design/charts in jest (jsdom has no canvas): each chart renders its data as JSON,
// so tests see what the screen handed to the chart, and reports having drawn through `onReady` as G2 does
// (its 'afterrender' event, once the chart is on screen).
import { useEffect, useRef } from 'react';

/** Every render of a stub chart, by kind: a render of the real chart is a redraw by G2. */
export const chartRenders: string[] = [];

/** What @ant-design/charts hands `onReady`: its plot, around G2's chart. */
interface StubPlot {
  chart: { once: (event: string, listener: () => void) => void };
}

interface StubProps {
  data: unknown;
  xField?: string;
  yField?: string;
  onReady?: (plot: StubPlot) => void;
}

const drawnAtOnce: StubPlot = {
  chart: {
    once: (event, listener) => {
      if (event === 'afterrender') listener();
    },
  },
};

function stub(kind: string) {
  return function ChartStub({ data, xField, yField, onReady }: StubProps) {
    chartRenders.push(kind);
    // Once, when the chart is created, as @ant-design/charts calls it (the first render's callback).
    const ready = useRef(onReady);
    useEffect(() => {
      ready.current?.(drawnAtOnce);
    }, []);
    return (
      <pre data-testid={`chart-${kind}`} data-x={xField} data-y={yField}>
        {JSON.stringify(data)}
      </pre>
    );
  };
}

export const Line = stub('line');
export const Column = stub('column');
export const Bar = stub('bar');
