import { createContext, useContext, type ComponentType } from 'react';
import { lazyComponent } from './lazy-component';
import { useLoadedComponent } from './use-loaded-component';

/** A screen in its own chunk, with `preload` to fetch that chunk before the screen is needed. */
export type LazyScreen = ComponentType & { preload: () => Promise<unknown> };

/** An empty page of the final background, so that nothing flashes while a screen's chunk loads. */
function BlankPage() {
  return <div aria-busy="true" style={{ minHeight: '100vh', background: '#f0f2f5' }} />;
}

/** What a screen shows while its chunk loads; the signed-in shell provides a spinner for its content area. */
export const ScreenPlaceholder = createContext<ComponentType>(BlankPage);

/**
 * A routed screen whose code is in its own chunk: the context's placeholder until the chunk is in, then
 * the screen, without suspending. React holds back the reveal of a suspended boundary until 300 ms after
 * its fallback showed, so a screen whose chunk arrived just after the shell rendered (the dashboard, in
 * about one sign-in in three) appeared up to 0.3 s late. A chunk that cannot be loaded reaches the
 * nearest error boundary, as with React.lazy.
 */
export function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyScreen {
  const lazy = lazyComponent(load, pick);
  function Screen() {
    const Placeholder = useContext(ScreenPlaceholder);
    const Loaded = useLoadedComponent(lazy);
    return Loaded ? <Loaded /> : <Placeholder />;
  }
  return Object.assign(Screen, { preload: lazy.preload });
}
