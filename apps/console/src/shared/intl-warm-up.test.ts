import { warmUpIntl } from './intl-warm-up';

describe('warmUpIntl', () => {
  let idleCallbacks: IdleRequestCallback[];
  let cancelled: number[];

  beforeEach(() => {
    idleCallbacks = [];
    cancelled = [];
    Object.assign(globalThis, {
      requestIdleCallback: (callback: IdleRequestCallback) => idleCallbacks.push(callback),
      cancelIdleCallback: (handle: number) => cancelled.push(handle),
    });
  });

  afterEach(() => {
    jest.restoreAllMocks();
    for (const name of ['requestIdleCallback', 'cancelIdleCallback']) delete (globalThis as Record<string, unknown>)[name];
  });

  it('when the browser becomes idle, then the number formatter and the collator are used once, not before', () => {
    const format = jest.spyOn(Number.prototype, 'toLocaleString');
    const compare = jest.spyOn(String.prototype, 'localeCompare');
    warmUpIntl();
    expect(format).not.toHaveBeenCalled();
    expect(idleCallbacks).toHaveLength(1);

    idleCallbacks[0]?.({ didTimeout: false, timeRemaining: () => 50 });
    // The locale the console formats counts with: the formatter is cached per locale.
    expect(format).toHaveBeenCalledWith('en-US');
    expect(compare).toHaveBeenCalledTimes(1);
  });

  it('when the page goes before the browser is idle, then the warm-up is called off', () => {
    const cancel = warmUpIntl();
    cancel();
    expect(cancelled).toEqual([1]);
  });

  it('when the browser has no idle callbacks, then nothing runs and nothing fails', () => {
    for (const name of ['requestIdleCallback', 'cancelIdleCallback']) delete (globalThis as Record<string, unknown>)[name];
    const format = jest.spyOn(Number.prototype, 'toLocaleString');
    expect(() => warmUpIntl()()).not.toThrow();
    expect(format).not.toHaveBeenCalled();
  });
});
