import { HARNESS_STORE, runShortHarness, type HarnessSummary } from '../test/run-harness';

interface KindTally {
  acknowledged: number;
  found: number;
  lost: number;
}

interface CrashSummary extends HarnessSummary {
  kills: number;
  acknowledged: number;
  lost: number;
  kinds: Record<string, KindTally>;
  losses: { kind: string; request: string; answer: string; observed: string }[];
}

/**
 * "An answer is a promise": the crash harness's short form (tools/reliability/crash-harness.mjs; the long
 * form and its figures are in docs/reliability.md) against the built server, on this run's store.
 */
describe(`crash harness, short form (${HARNESS_STORE})`, () => {
  it('when the server is killed (kill -9) the moment each kind of write is answered 2xx, then every acknowledged write is there after the restart', async () => {
    const { code, summary } = await runShortHarness<CrashSummary>('crash-harness.mjs', 'crash harness');
    expect(summary.harnessError).toBeNull();
    // Every kind was written and acknowledged at least once, except a kind with nothing to write to.
    expect(summary.acknowledged).toBeGreaterThanOrEqual(12);
    expect(summary.kills).toBe(summary.acknowledged);
    // The losses, request by request, are the diff when this fails.
    expect({ lost: summary.lost, losses: summary.losses }).toEqual({ lost: 0, losses: [] });
    expect(code).toBe(0);
  }, 300_000);
});
