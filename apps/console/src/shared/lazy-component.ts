import { createElement, lazy, type ComponentType } from 'react';

/**
 * A component whose code is in its own chunk, with `preload` to fetch that chunk before it is needed
 * and `loaded` to have the component itself once it is in.
 */
export type LazyComponent<P extends object> = ComponentType<P> & {
  preload: () => Promise<ComponentType<P>>;
  loaded: () => ComponentType<P> | undefined;
};

/**
 * Like React.lazy, but once the chunk is in (preloaded, or loaded by an earlier render) the component
 * renders at once. React.lazy suspends on every first render, even of a module already loaded, and
 * React holds back the reveal of a suspended boundary for up to 300 ms to batch reveals: a screen or
 * chart preloaded while the user signed in would still wait that long.
 */
export function lazyComponent<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  const preload = async () => {
    loaded ??= pick(await load());
    return loaded;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  const Component = (props: P) => createElement((loaded ?? Lazy) as ComponentType<P>, props);
  return Object.assign(Component, { preload, loaded: () => loaded });
}
