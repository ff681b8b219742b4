import { act, renderHook } from '@testing-library/react';
import { useThrottled } from './use-throttled';

describe('useThrottled', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('when the value changes often, then the first change shows at once and the latest shows once the interval ends', () => {
    const { result, rerender } = renderHook(({ value }) => useThrottled(value, 2_000), {
      initialProps: { value: 0 },
    });
    expect(result.current).toBe(0);

    rerender({ value: 1 });
    expect(result.current).toBe(1);

    rerender({ value: 2 });
    rerender({ value: 3 });
    expect(result.current).toBe(1);
    act(() => jest.advanceTimersByTime(1_999));
    expect(result.current).toBe(1);
    act(() => jest.advanceTimersByTime(1));
    expect(result.current).toBe(3);
  });

  it('when the value changes after a quiet interval, then it shows at once', () => {
    const { result, rerender } = renderHook(({ value }) => useThrottled(value, 2_000), {
      initialProps: { value: 'a' },
    });
    rerender({ value: 'b' });
    act(() => jest.advanceTimersByTime(5_000));
    rerender({ value: 'c' });
    expect(result.current).toBe('c');
  });
});
