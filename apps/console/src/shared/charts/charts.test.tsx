import { render } from '@testing-library/react';
import { chartRenders } from '../../test/charts-stub';
import { CategoryChart, TrendLineChart } from './charts';
import { LogColumnChart, SeriesLineChart } from './series-charts';

// @ant-design/charts has G2 draw a chart again at every render of the chart's component (it hands G2 a
// new onReady each time), so a panel's re-render with the same data must not render the chart again.
describe('charts are drawn again only when what they show changed', () => {
  const onDrawn = () => undefined;
  beforeEach(() => {
    chartRenders.length = 0;
  });

  it('the trend, re-rendered with a new array of the same samples, then with a new sample', () => {
    const points = (values: number[]) => values.map((connected, index) => ({ sample: index + 1, connected }));
    const { rerender } = render(<TrendLineChart points={points([5, 6])} height={100} onDrawn={onDrawn} />);
    rerender(<TrendLineChart points={points([5, 6])} height={100} onDrawn={onDrawn} />);
    expect(chartRenders).toEqual(['line']);
    rerender(<TrendLineChart points={points([5, 6, 7])} height={100} onDrawn={onDrawn} />);
    expect(chartRenders).toEqual(['line', 'line']);
  });

  it('bars and columns, re-rendered with equal points, then with another height', () => {
    const points = () => [{ label: 'admin', value: 3 }];
    const { rerender } = render(
      <CategoryChart points={points()} height={160} horizontal onDrawn={onDrawn} />,
    );
    rerender(<CategoryChart points={points()} height={160} horizontal onDrawn={onDrawn} />);
    expect(chartRenders).toEqual(['bar']);
    rerender(<CategoryChart points={points()} height={200} horizontal onDrawn={onDrawn} />);
    expect(chartRenders).toEqual(['bar', 'bar']);
  });

  it('the back-office charts, re-rendered with equal points', () => {
    const columns = () => [{ label: '1.0.0', value: 30 }];
    const lines = () => [{ key: '2026-11-20', series: 'Connected', value: 12 }];
    const { rerender } = render(
      <>
        <LogColumnChart points={columns()} height={200} valueName="Units" onDrawn={onDrawn} />
        <SeriesLineChart points={lines()} height={200} onDrawn={onDrawn} />
      </>,
    );
    rerender(
      <>
        <LogColumnChart points={columns()} height={200} valueName="Units" onDrawn={onDrawn} />
        <SeriesLineChart points={lines()} height={200} onDrawn={onDrawn} />
      </>,
    );
    expect(chartRenders).toEqual(['column', 'line']);
  });
});
