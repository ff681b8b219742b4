import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyScreen, ScreenPlaceholder } from './lazy-screen';

function Dashboard() {
  return <h1>Dashboard</h1>;
}

/** A screen's module whose import the test resolves by hand. */
function deferredModule() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<{ Dashboard: typeof Dashboard }>((done) => {
    resolve = () => done({ Dashboard });
  });
  return { load: jest.fn(() => promise), resolve };
}

const Spinner = () => <p>spinner</p>;

describe('lazyScreen', () => {
  it('when the chunk is not in yet, then the placeholder shows without suspending, then the screen', async () => {
    const module = deferredModule();
    const Screen = lazyScreen(module.load, (m) => m.Dashboard);
    render(
      <Suspense fallback={<p>suspended</p>}>
        <ScreenPlaceholder.Provider value={Spinner}>
          <Screen />
        </ScreenPlaceholder.Provider>
      </Suspense>,
    );
    expect(screen.getByText('spinner')).toBeInTheDocument();
    expect(screen.queryByText('suspended')).not.toBeInTheDocument();

    await act(async () => module.resolve());
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText('spinner')).not.toBeInTheDocument();
    expect(module.load).toHaveBeenCalledTimes(1);
  });

  it('when the chunk was preloaded, then the screen shows at once', async () => {
    const module = deferredModule();
    const Screen = lazyScreen(module.load, (m) => m.Dashboard);
    const preloading = Screen.preload();
    module.resolve();
    await preloading;

    render(<Screen />);
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('outside the signed-in shell, the placeholder is a blank page marked busy', () => {
    const module = deferredModule();
    const Screen = lazyScreen(module.load, (m) => m.Dashboard);
    const { container } = render(<Screen />);
    expect(container.firstElementChild).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });
});
