import { lazyComponent } from './lazy-component';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** A module whose import the test settles by hand, counting how often it was asked for. */
function deferredModule() {
  const settlers: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const load = jest.fn(
    () =>
      new Promise<{ Greeting: typeof Greeting }>((resolve, reject) => {
        settlers.push({ resolve: () => resolve({ Greeting }), reject });
      }),
  );
  return { load, settle: (index: number) => settlers[index] as (typeof settlers)[number] };
}

describe('lazyComponent', () => {
  it('has no component until its chunk is in, then the one picked from the module', async () => {
    const module = deferredModule();
    const lazy = lazyComponent(module.load, (m) => m.Greeting);
    expect(lazy.loaded()).toBeUndefined();

    const preloading = lazy.preload();
    expect(lazy.loaded()).toBeUndefined();
    module.settle(0).resolve();
    await expect(preloading).resolves.toBe(Greeting);
    expect(lazy.loaded()).toBe(Greeting);
  });

  it('fetches the chunk once for every frame that asks while it loads', async () => {
    const module = deferredModule();
    const lazy = lazyComponent(module.load, (m) => m.Greeting);
    const asked = [lazy.preload(), lazy.preload(), lazy.preload()];
    module.settle(0).resolve();
    await Promise.all(asked);
    await lazy.preload();
    expect(module.load).toHaveBeenCalledTimes(1);
  });

  it('when the chunk could not be fetched, then the next preload asks for it again', async () => {
    const module = deferredModule();
    const lazy = lazyComponent(module.load, (m) => m.Greeting);
    const first = lazy.preload();
    module.settle(0).reject(new Error('offline'));
    await expect(first).rejects.toThrow('offline');

    const second = lazy.preload();
    module.settle(1).resolve();
    await expect(second).resolves.toBe(Greeting);
    expect(module.load).toHaveBeenCalledTimes(2);
  });
});
