// Stands in for @ant-design/charts in jest (jsdom has no canvas): each chart renders its data as JSON,
// so tests see what the screen handed to the chart.

/** Every render of a stub chart, by kind: a render of the real chart is a redraw by G2. */
export const chartRenders: string[] = [];

interface StubProps {
  data: unknown;
  xField?: string;
  yField?: string;
}

function stub(kind: string) {
  return function ChartStub({ data, xField, yField }: StubProps) {
    chartRenders.push(kind);
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
