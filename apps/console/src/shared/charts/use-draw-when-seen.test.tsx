import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { IDLE as idle, stubIdleCallbacks } from '../../test/idle-callbacks';
import { useDrawWhenSeen } from './use-draw-when-seen';

/** An IntersectionObserver the test drives: it says when the observed element is in view. */
class FakeIntersectionObserver {
  static all: FakeIntersectionObserver[] = [];
  static get last(): FakeIntersectionObserver | undefined {
    return FakeIntersectionObserver.all.at(-1);
  }
  disconnected = false;
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.all.push(this);
  }
  observe = (): void => undefined;
  disconnect = (): void => {
    this.disconnected = true;
  };
  report(isIntersecting: boolean): void {
    this.callback([{ isIntersecting } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

/** A chart frame that says whether it may draw, and a button for the chart to say it has drawn. */
function Chart({ name = 'chart', empty = false }: { name?: string; empty?: boolean }) {
  const frame = useRef<HTMLDivElement>(null);
  const { ready, drawn } = useDrawWhenSeen(frame, empty);
  return (
    <div ref={frame}>
      {`${name} ${ready ? 'drawing' : 'waiting'}`}
      <button type="button" onClick={drawn}>{`${name} has drawn`}</button>
    </div>
  );
}

/** Two charts on one screen, and the observers that say whether each is in view. */
function renderTwoCharts(first: { name: string; empty?: boolean }, second: { name: string }) {
  render(
    <>
      <Chart {...first} />
      <Chart {...second} />
    </>,
  );
  const [firstObserver, secondObserver] = FakeIntersectionObserver.all;
  return { first: firstObserver, second: secondObserver };
}

describe('useDrawWhenSeen', () => {
  let idleCallbacks: ReturnType<typeof stubIdleCallbacks>;

  beforeEach(() => {
    idleCallbacks = stubIdleCallbacks();
    FakeIntersectionObserver.all = [];
    Object.assign(globalThis, { IntersectionObserver: FakeIntersectionObserver });
  });

  afterEach(() => {
    idleCallbacks.restore();
    delete (globalThis as Record<string, unknown>).IntersectionObserver;
  });

  it('when the chart is in view, then it draws at once', () => {
    render(<Chart />);
    expect(screen.getByText('chart waiting')).toBeInTheDocument();
    act(() => FakeIntersectionObserver.last?.report(true));
    expect(screen.getByText('chart drawing')).toBeInTheDocument();
    expect(FakeIntersectionObserver.last?.disconnected).toBe(true);
  });

  it('when the chart is out of view, then it waits for the browser to be idle', () => {
    render(<Chart />);
    act(() => FakeIntersectionObserver.last?.report(false));
    expect(screen.getByText('chart waiting')).toBeInTheDocument();
    expect(idleCallbacks.pending).toHaveLength(1);

    act(() => idleCallbacks.pending[0]?.(idle));
    expect(screen.getByText('chart drawing')).toBeInTheDocument();
  });

  it('when an out-of-view chart scrolls into view before the browser is idle, then it draws then', () => {
    render(<Chart />);
    act(() => FakeIntersectionObserver.last?.report(false));
    act(() => FakeIntersectionObserver.last?.report(true));
    expect(screen.getByText('chart drawing')).toBeInTheDocument();
  });

  it('when the browser has no IntersectionObserver, then the chart draws at once', () => {
    delete (globalThis as Record<string, unknown>).IntersectionObserver;
    render(<Chart />);
    expect(screen.getByText('chart drawing')).toBeInTheDocument();
  });

  it('when a chart in view is drawing, then a chart out of view waits for it even when the browser is idle', () => {
    const { first: trend, second: versions } = renderTwoCharts({ name: 'trend' }, { name: 'versions' });
    act(() => trend?.report(true));
    act(() => versions?.report(false));
    expect(screen.getByText('trend drawing')).toBeInTheDocument();

    act(() => idleCallbacks.pending.shift()?.(idle));
    expect(screen.getByText('versions waiting')).toBeInTheDocument();

    act(() => screen.getByRole('button', { name: 'trend has drawn' }).click());
    act(() => idleCallbacks.pending.shift()?.(idle));
    expect(screen.getByText('versions drawing')).toBeInTheDocument();
  });

  it('when two charts out of view wait, then they draw one after the other', () => {
    renderTwoCharts({ name: 'aligner' }, { name: 'oasis' });
    act(() => FakeIntersectionObserver.all.forEach((observer) => observer.report(false)));
    act(() => idleCallbacks.runAll());
    expect(screen.getByText('aligner drawing')).toBeInTheDocument();
    expect(screen.getByText('oasis waiting')).toBeInTheDocument();

    act(() => screen.getByRole('button', { name: 'aligner has drawn' }).click());
    act(() => idleCallbacks.runAll());
    expect(screen.getByText('oasis drawing')).toBeInTheDocument();
  });

  it('when a chart in view has nothing to draw, then it holds no chart out of view back', () => {
    const { first: tickets, second: versions } = renderTwoCharts(
      { name: 'tickets', empty: true },
      { name: 'versions' },
    );
    act(() => tickets?.report(true));
    act(() => versions?.report(false));
    act(() => idleCallbacks.pending.shift()?.(idle));
    expect(screen.getByText('versions drawing')).toBeInTheDocument();
  });
});
