import { stubIdleCallbacks } from '../test/idle-callbacks';
import { warmUpIntl } from './intl-warm-up';

describe('warmUpIntl', () => {
  let restoreIdleCallbacks: () => void = () => undefined;

  /** The browser's idle callbacks, in the test's hands until the test ends. */
  function idleCallbacks() {
    const idle = stubIdleCallbacks();
    restoreIdleCallbacks = idle.restore;
    return idle;
  }

  afterEach(() => {
    restoreIdleCallbacks();
    jest.restoreAllMocks();
    jest.useRealTimers();
  });

  it('when the browser becomes idle, then the number formatter and the collator are used once, not before', () => {
    const idle = idleCallbacks();
    const format = jest.spyOn(Number.prototype, 'toLocaleString');
    const compare = jest.spyOn(String.prototype, 'localeCompare');
    warmUpIntl();
    expect(format).not.toHaveBeenCalled();
    expect(idle.pending).toHaveLength(1);

    idle.runAll();
    // The locale the console formats counts with: the formatter is cached per locale.
    expect(format).toHaveBeenCalledWith('en-US');
    expect(compare).toHaveBeenCalledTimes(1);
  });

  it('when the page goes before the browser is idle, then the warm-up is called off', () => {
    const idle = idleCallbacks();
    const cancel = warmUpIntl();
    cancel();
    expect(idle.cancelled).toEqual([1]);
  });

  it('when the browser has no idle callbacks, then the warm-up runs after a short wait, not at once', () => {
    jest.useFakeTimers();
    const format = jest.spyOn(Number.prototype, 'toLocaleString');
    warmUpIntl();
    expect(format).not.toHaveBeenCalled();
    jest.advanceTimersByTime(200);
    expect(format).toHaveBeenCalledWith('en-US');
  });
});
