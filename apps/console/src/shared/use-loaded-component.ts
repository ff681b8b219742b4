import { useEffect, useState, type ComponentType } from 'react';
import type { LazyComponent } from './lazy-component';

/**
 * A lazy component for a parent that shows its own placeholder meanwhile: undefined until its chunk is
 * in, then the component. Nothing suspends: React holds back the reveal of a suspended boundary by up
 * to 300 ms, which a chart whose code arrives while the screen renders would add to its drawing.
 */
export function useLoadedComponent<P extends object>(lazy: LazyComponent<P>): ComponentType<P> | undefined {
  const [component, setComponent] = useState(() => lazy.loaded());
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    if (component) return undefined;
    let current = true;
    lazy.preload().then(
      (loaded) => current && setComponent(() => loaded),
      (error: unknown) => current && setFailure(() => error),
    );
    return () => {
      current = false;
    };
  }, [lazy, component]);
  // As React.lazy does: a chunk that cannot be loaded is the nearest error boundary's business.
  if (failure) throw failure;
  return component;
}
