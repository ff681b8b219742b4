import { anyChartDrawing, chartDrawing } from './charts-drawing';

describe('charts drawing', () => {
  afterEach(() => jest.useRealTimers());

  it('when a chart says twice that it has drawn, then it is counted off once', () => {
    const first = chartDrawing();
    const second = chartDrawing();
    first();
    first();
    expect(anyChartDrawing()).toBe(true);
    second();
    expect(anyChartDrawing()).toBe(false);
  });

  it('when a chart never says it has drawn, then after 3 s it no longer counts as drawing', () => {
    jest.useFakeTimers();
    const finish = chartDrawing();
    jest.advanceTimersByTime(2_999);
    expect(anyChartDrawing()).toBe(true);
    jest.advanceTimersByTime(1);
    expect(anyChartDrawing()).toBe(false);
    finish();
    expect(anyChartDrawing()).toBe(false);
  });
});
