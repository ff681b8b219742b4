import { ALERT_WRITE_BATCH } from '../../store/repos/alerts-repo';
import { BatchSize, inBatches } from './alert-writer';

describe("the size of the alert evaluator's write transactions", () => {
  it('when the embedded store writes slowly, then the batches shrink to about 40 ms each, never under the minimum', () => {
    const size = new BatchSize('pglite');
    for (let i = 0; i < 10; i++) size.took(size.value, size.value / 2); // 0.5 ms a row
    expect(size.value).toBeGreaterThanOrEqual(75);
    expect(size.value).toBeLessThanOrEqual(100);
    for (let i = 0; i < 10; i++) size.took(size.value, 10_000);
    expect(size.value).toBe(BatchSize.MIN);
  });

  it('when the embedded store writes fast, then a batch grows to at most 1,000 alerts', () => {
    const size = new BatchSize('pglite');
    for (let i = 0; i < 20; i++) size.took(size.value, 1);
    expect(size.value).toBe(1_000);
  });

  it('when PostgreSQL is loaded (each statement waits its turn), then batches stay full: aimed at a second', () => {
    const size = new BatchSize('postgres');
    expect(size.value).toBe(ALERT_WRITE_BATCH);
    // 1,000 alerts in 800 ms (a loaded machine): the embedded store's 40 ms aim would cut them to 100.
    for (let i = 0; i < 10; i++) size.took(size.value, 800);
    expect(size.value).toBe(ALERT_WRITE_BATCH);
    const pglite = new BatchSize('pglite');
    for (let i = 0; i < 10; i++) pglite.took(pglite.value, (pglite.value / 1_000) * 800);
    expect(pglite.value).toBe(BatchSize.MIN);
    // Far slower still, PostgreSQL's batches shrink too.
    for (let i = 0; i < 10; i++) size.took(size.value, (size.value / 1_000) * 4_000);
    expect(size.value).toBeLessThan(ALERT_WRITE_BATCH / 2);
  });

  it('when a batch is much smaller than the size (the look had little to write), then it teaches nothing', () => {
    const size = new BatchSize('postgres');
    size.took(10, 5_000);
    expect(size.value).toBe(ALERT_WRITE_BATCH);
  });
});

describe('batches written by several writers at once', () => {
  const sizeOf = (store: 'pglite' | 'postgres', value: number) =>
    Object.assign(new BatchSize(store), { value });
  const tick = () => new Promise((resolve) => setImmediate(resolve));

  it('when PostgreSQL writes, then two batches are under way at once and every op is written once', async () => {
    const ops = Array.from({ length: 1_050 }, (_, i) => i);
    const written: number[] = [];
    let running = 0;
    let most = 0;
    await inBatches(ops, sizeOf('postgres', 100), async (batch) => {
      expect(batch.length).toBeLessThanOrEqual(100);
      running += 1;
      most = Math.max(most, running);
      await tick();
      written.push(...batch);
      running -= 1;
    });
    expect(most).toBe(2);
    expect(written.sort((a, b) => a - b)).toEqual(ops);
  });

  it('when the embedded store writes, then one batch at a time, in order', async () => {
    const written: number[] = [];
    let running = 0;
    await inBatches(
      Array.from({ length: 500 }, (_, i) => i),
      sizeOf('pglite', 100),
      async (batch) => {
        running += 1;
        expect(running).toBe(1);
        await tick();
        written.push(...batch);
        running -= 1;
      },
    );
    expect(written).toEqual(Array.from({ length: 500 }, (_, i) => i));
  });

  it('when a batch fails, then the other writer starts no new batch and the failure is thrown', async () => {
    const started: number[] = [];
    const writing = inBatches(
      Array.from({ length: 1_000 }, (_, i) => i),
      sizeOf('postgres', 100),
      async (batch) => {
        started.push(batch[0] ?? -1);
        await tick();
        if (batch[0] === 100) throw new Error('fenced out');
      },
    );
    await expect(writing).rejects.toThrow('fenced out');
    expect(started.length).toBeLessThanOrEqual(3);
  });
});
