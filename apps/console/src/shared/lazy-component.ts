import type { ComponentType } from 'react';

/**
 * A component whose code is in its own chunk: `preload` fetches the chunk (once, however many ask) and
 * answers the component; `loaded` has the component once it is in. Screens (lazy-screen.tsx) and chart
 * frames (charts/chart-frame.tsx) render their own placeholder until then: nothing suspends, since React
 * holds back the reveal of a suspended boundary until 300 ms after its fallback showed.
 */
export interface LazyComponent<P extends object> {
  preload: () => Promise<ComponentType<P>>;
  loaded: () => ComponentType<P> | undefined;
}

export function lazyComponent<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => (loaded = pick(module)),
      (error: unknown) => {
        // A chunk that could not be fetched is asked for again next time.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return { preload, loaded: () => loaded };
}
