import { HARNESS_STORE, runShortHarness, type HarnessSummary } from '../test/run-harness';

const CASES = ['console', 'busy', 'rmdir', 'second-signal', 'early'];
/** The short form's stops of the case whose failure was a matter of timing (the harness's SHORT_BULK_ROUNDS). */
const BULK_ROUNDS = 3;

interface StopRun {
  case: string;
  run: number;
  seconds: number;
  exitCode: number | null;
  hung: boolean;
  ok: boolean;
  problems: string[];
}

interface SigtermSummary extends HarnessSummary {
  deadlineSeconds: number;
  stops: number;
  failed: number;
  runs: StopRun[];
}

/**
 * SIGTERM with a console connected, with the store busy, and while the data folder is being removed (and
 * a second SIGTERM during a stop); and, three times, with a bulk action running over every aligner of a 3,000-unit
 * fleet, the data folder removed at once and the log reader gone: tools/reliability/sigterm.mjs's short form
 * against the built server.
 */
describe(`SIGTERM harness, short form (${HARNESS_STORE})`, () => {
  it('when SIGTERM comes with a console connected, with requests in flight, as the data folder is removed, or during a bulk action with the folder removed and the log reader gone, then the process exits within the deadline every time', async () => {
    const { code, summary } = await runShortHarness<SigtermSummary>('sigterm.mjs', 'SIGTERM harness');
    expect(summary.harnessError).toBeNull();
    expect(summary.runs.map((r) => r.case).sort()).toEqual(
      [...CASES, ...Array<string>(BULK_ROUNDS).fill('bulk-rmdir')].sort(),
    );
    for (const run of summary.runs) expect(run.hung).toBe(false);
    // Each failing stop with what went wrong (time, exit code, the server's last lines) is the diff.
    expect(summary.runs.filter((r) => !r.ok)).toEqual([]);
    expect(code).toBe(0);
  }, 420_000);
});
