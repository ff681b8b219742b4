import { HARNESS_STORE, runShortHarness, type HarnessSummary } from '../test/run-harness';

interface KindTally {
  acknowledged: number;
  found: number;
  lost: number;
}

/** The crash harness's kinds of the alerts capability. */
const ALERT_KINDS = [
  'alert-acknowledge',
  'alert-rule-create',
  'alert-rule-update',
  'silence',
  'webhook-delivery',
];

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
  it('when the server is killed (kill -9) the moment each kind of write is answered 2xx, or while a webhook delivery is in flight, then every acknowledged write is there after the restart and the delivery is sent again with its id', async () => {
    const { code, summary } = await runShortHarness<CrashSummary>('crash-harness.mjs', 'crash harness');
    expect(summary.harnessError).toBeNull();
    // Every kind was written and acknowledged at least once, except a kind with nothing to write to.
    expect(summary.acknowledged).toBeGreaterThanOrEqual(12);
    expect(summary.kills).toBe(summary.acknowledged);
    // The alerts' writes always have a target: an acknowledge, a rule's creation and change, a silence, and a
    // webhook delivery cut by the kill (sent again after the restart with the same delivery id).
    for (const kind of ALERT_KINDS)
      expect({ kind, ...summary.kinds[kind] }).toMatchObject({ kind, acknowledged: 1, found: 1 });
    // The losses, request by request, are the diff when this fails.
    expect({ lost: summary.lost, losses: summary.losses }).toEqual({ lost: 0, losses: [] });
    expect(code).toBe(0);
  }, 600_000);
});
