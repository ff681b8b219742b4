import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyComponent } from './lazy-component';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** A module whose import the test resolves by hand, counting how often it was asked for. */
function deferredModule() {
  let resolve: (module: { Greeting: typeof Greeting }) => void = () => undefined;
  const promise = new Promise<{ Greeting: typeof Greeting }>((done) => {
    resolve = done;
  });
  const load = jest.fn(() => promise);
  return { load, resolve: () => resolve({ Greeting }) };
}

const inSuspense = (element: React.ReactElement) => <Suspense fallback={<p>loading</p>}>{element}</Suspense>;

describe('lazyComponent', () => {
  it('when the chunk was preloaded, then the first render shows the component at once, without the fallback', async () => {
    const module = deferredModule();
    const LazyGreeting = lazyComponent(module.load, (m) => m.Greeting);
    const preloading = LazyGreeting.preload();
    module.resolve();
    await preloading;

    render(inSuspense(<LazyGreeting name="Ada" />));

    // Synchronously after the render: React.lazy would still be showing the fallback here.
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
    expect(module.load).toHaveBeenCalledTimes(1);
  });

  it('when the chunk was not loaded, then the fallback shows until it arrives, and it is loaded once', async () => {
    const module = deferredModule();
    const LazyGreeting = lazyComponent(module.load, (m) => m.Greeting);

    render(inSuspense(<LazyGreeting name="Grace" />));
    expect(screen.getByText('loading')).toBeInTheDocument();

    await act(async () => module.resolve());
    expect(await screen.findByText('Hello Grace')).toBeInTheDocument();
    await LazyGreeting.preload();
    expect(module.load).toHaveBeenCalledTimes(1);
  });
});
