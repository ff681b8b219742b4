import { runShortHarness, type HarnessSummary } from '../test/run-harness';

interface FaultResult {
  fault: string;
  died: number;
  other5xx: number;
  recoveryMs: number | null;
  lost: number;
  fencedRows: number;
  staleConsoles: number;
}

interface ChaosSummary extends HarnessSummary {
  faults: FaultResult[];
  writes: { acknowledged: number; lost: number; losses: unknown[] };
}

/**
 * Infrastructure faults under a running cluster: the chaos harness's short form (tools/reliability/chaos.mjs; the long
 * form and its figures are in docs/reliability.md) against the built server, on a PostgreSQL and a Redis of its own.
 */
describe('chaos harness, short form', () => {
  it('when PostgreSQL restarts and a simulator is frozen past its leases, then no process dies, no answer is a 5xx other than 503, it recovers, nothing acknowledged is lost, no fenced-out row is written and no console stays stale', async () => {
    const { code, summary } = await runShortHarness<ChaosSummary>('chaos.mjs', 'chaos harness');
    expect(summary.harnessError).toBeNull();
    expect(summary.faults.map((f) => f.fault)).toEqual(['pg-restart', 'freeze-sim']);
    for (const fault of summary.faults) {
      // The fault's name is in the diff when one fails.
      expect({
        fault: fault.fault,
        died: fault.died,
        other5xx: fault.other5xx,
        fencedRows: fault.fencedRows,
        staleConsoles: fault.staleConsoles,
        lost: fault.lost,
      }).toEqual({
        fault: fault.fault,
        died: 0,
        other5xx: 0,
        fencedRows: 0,
        staleConsoles: 0,
        lost: 0,
      });
      expect(fault.recoveryMs).not.toBeNull();
      expect(fault.recoveryMs ?? Infinity).toBeLessThan(5_000);
    }
    expect(summary.writes.acknowledged).toBeGreaterThan(0);
    expect({ lost: summary.writes.lost, losses: summary.writes.losses }).toEqual({ lost: 0, losses: [] });
    expect(code).toBe(0);
  }, 300_000);
});
