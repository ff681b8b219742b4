import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { useDrawWhenSeen } from './use-draw-when-seen';

/** An IntersectionObserver the test drives: it says when the observed element is in view. */
class FakeIntersectionObserver {
  static last: FakeIntersectionObserver | undefined;
  disconnected = false;
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.last = this;
  }
  observe = (): void => undefined;
  disconnect = (): void => {
    this.disconnected = true;
  };
  report(isIntersecting: boolean): void {
    this.callback([{ isIntersecting } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

function Chart() {
  const frame = useRef<HTMLDivElement>(null);
  const draw = useDrawWhenSeen(frame);
  return <div ref={frame}>{draw ? 'drawn' : 'waiting'}</div>;
}

describe('useDrawWhenSeen', () => {
  let idleCallbacks: IdleRequestCallback[];

  beforeEach(() => {
    idleCallbacks = [];
    Object.assign(globalThis, {
      IntersectionObserver: FakeIntersectionObserver,
      requestIdleCallback: (callback: IdleRequestCallback) => idleCallbacks.push(callback),
      cancelIdleCallback: () => undefined,
    });
  });

  afterEach(() => {
    for (const name of ['IntersectionObserver', 'requestIdleCallback', 'cancelIdleCallback']) {
      delete (globalThis as Record<string, unknown>)[name];
    }
  });

  it('when the chart is in view, then it draws at once', () => {
    render(<Chart />);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    act(() => FakeIntersectionObserver.last?.report(true));
    expect(screen.getByText('drawn')).toBeInTheDocument();
    expect(FakeIntersectionObserver.last?.disconnected).toBe(true);
  });

  it('when the chart is out of view, then it waits for the browser to be idle', () => {
    render(<Chart />);
    act(() => FakeIntersectionObserver.last?.report(false));
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(idleCallbacks).toHaveLength(1);

    act(() => idleCallbacks[0]?.({ didTimeout: false, timeRemaining: () => 50 }));
    expect(screen.getByText('drawn')).toBeInTheDocument();
  });

  it('when an out-of-view chart scrolls into view before the browser is idle, then it draws then', () => {
    render(<Chart />);
    act(() => FakeIntersectionObserver.last?.report(false));
    act(() => FakeIntersectionObserver.last?.report(true));
    expect(screen.getByText('drawn')).toBeInTheDocument();
  });

  it('when the browser has no IntersectionObserver, then the chart draws at once', () => {
    delete (globalThis as Record<string, unknown>).IntersectionObserver;
    render(<Chart />);
    expect(screen.getByText('drawn')).toBeInTheDocument();
  });
});
