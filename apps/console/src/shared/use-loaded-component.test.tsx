import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { lazyComponent, type LazyComponent } from './lazy-component';
import { useLoadedComponent } from './use-loaded-component';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

function deferredModule() {
  let settle: { resolve: () => void; reject: (error: Error) => void } = {
    resolve: () => undefined,
    reject: () => undefined,
  };
  const promise = new Promise<{ Greeting: typeof Greeting }>((resolve, reject) => {
    settle = { resolve: () => resolve({ Greeting }), reject };
  });
  return { load: () => promise, ...settle };
}

/** Renders its own placeholder while the component's chunk loads: no Suspense boundary around it. */
function Frame({ lazy }: { lazy: LazyComponent<{ name: string }> }) {
  const Loaded = useLoadedComponent(lazy);
  return Loaded ? <Loaded name="Ada" /> : <p>placeholder</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error.message}</p> : this.props.children;
  }
}

describe('useLoadedComponent', () => {
  it('when the chunk is not in yet, then the placeholder shows without suspending, and the component once it arrives', async () => {
    const module = deferredModule();
    const lazy = lazyComponent(module.load, (m) => m.Greeting);

    render(<Frame lazy={lazy} />);
    expect(screen.getByText('placeholder')).toBeInTheDocument();

    await act(async () => module.resolve());
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
  });

  it('when the chunk was preloaded, then the first render shows the component', async () => {
    const module = deferredModule();
    const lazy = lazyComponent(module.load, (m) => m.Greeting);
    module.resolve();
    await lazy.preload();

    render(<Frame lazy={lazy} />);
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
  });

  it('when the chunk cannot be loaded, then the error boundary gets the error', async () => {
    const module = deferredModule();
    const lazy = lazyComponent(module.load, (m) => m.Greeting);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);

    render(
      <Boundary>
        <Frame lazy={lazy} />
      </Boundary>,
    );
    await act(async () => module.reject(new Error('chunk gone')));
    expect(screen.getByText('failed: chunk gone')).toBeInTheDocument();
  });
});
