import fc from 'fast-check';
import {
  assignPhases,
  emptyRolloutCounts,
  followUnit,
  localHour,
  phasesProblem,
  phaseSizes,
  pausedItself,
  phaseVerdict,
  rolloutActions,
  rolloutTransition,
  ROLLOUT_DEFAULTS,
  staffPauseReason,
  withinWindow,
  type RolloutCounts,
} from './rollouts';

const counts = (c: Partial<RolloutCounts>): RolloutCounts => ({ ...emptyRolloutCounts(), ...c });
const thresholds = { failureThreshold: 0.05, successThreshold: 0.95 };
const HOUR = 3_600_000;

describe('rolloutTransition', () => {
  it.each([
    ['running', 'pause', 'paused'],
    ['paused', 'resume', 'running'],
    ['running', 'abort', 'aborted'],
    ['paused', 'abort', 'aborted'],
    ['running', 'resume', null],
    ['paused', 'pause', null],
    ['aborted', 'resume', null],
    ['aborted', 'abort', null],
    ['finished', 'pause', null],
    ['finished', 'abort', null],
  ] as const)('when %s and %s, then %s', (state, action, to) => {
    expect(rolloutTransition(state, action)).toBe(to);
  });

  it('when finished or aborted, then no button applies', () => {
    expect(rolloutActions('finished')).toEqual([]);
    expect(rolloutActions('aborted')).toEqual([]);
    expect(rolloutActions('running')).toEqual(['pause', 'abort']);
    expect(rolloutActions('paused')).toEqual(['resume', 'abort']);
  });
});

describe('phasesProblem', () => {
  it('when the phases are the defaults, then they are valid', () => {
    expect(phasesProblem(ROLLOUT_DEFAULTS.phases)).toBeNull();
    expect(phasesProblem([100])).toBeNull();
  });
  it.each([[[]], [[10, 5, 100]], [[10, 10, 100]], [[1, 50]], [[0, 100]], [[50, 101]]])(
    'when %j, then a problem',
    (phases) => {
      expect(phasesProblem(phases)).toEqual(expect.any(String));
    },
  );
});

describe('phaseSizes', () => {
  it('when 1000 units in the default phases, then 10, 90, 400, 500', () => {
    expect(phaseSizes(1000, [1, 10, 50, 100])).toEqual([10, 90, 400, 500]);
  });
  it('when 30 units, then every phase takes at least one and the last takes the rest', () => {
    expect(phaseSizes(30, [1, 10, 50, 100])).toEqual([1, 2, 12, 15]);
  });
  it('when fewer units than phases, then the first phases take one each and the rest none', () => {
    expect(phaseSizes(2, [1, 10, 50, 100])).toEqual([1, 1, 0, 0]);
    expect(phaseSizes(0, [1, 100])).toEqual([0, 0]);
  });
  it('when any total and phases, then the sizes add up to the total and each phase reaches its share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 99 }), { maxLength: 8 }),
        (total, cuts) => {
          const phases = [...cuts.sort((a, b) => a - b), 100];
          const sizes = phaseSizes(total, phases);
          expect(sizes.reduce((a, b) => a + b, 0)).toBe(total);
          let reached = 0;
          sizes.forEach((size, i) => {
            reached += size;
            expect(reached).toBeGreaterThanOrEqual(
              Math.min(total, Math.ceil((total * (phases[i] as number)) / 100 - 1e-9)),
            );
            if (reached - size < total) expect(size).toBeGreaterThanOrEqual(1);
          });
        },
      ),
    );
  });
});

describe('assignPhases', () => {
  const serials = Array.from({ length: 200 }, (_, i) => `AL${String(i).padStart(5, '0')}`);
  it('when the same serials come in another order, then each keeps its phase', () => {
    const a = assignPhases(serials, [1, 10, 50, 100], 'r1');
    const b = assignPhases([...serials].reverse(), [1, 10, 50, 100], 'r1');
    expect(b).toEqual(a);
    expect(a.filter((u) => u.phase === 0)).toHaveLength(2);
    expect(a.filter((u) => u.phase === 3)).toHaveLength(100);
  });
  it('when shuffled, then the first phase is not simply the first serials', () => {
    const first = assignPhases(serials, [10, 100], 'r1')
      .filter((u) => u.phase === 0)
      .map((u) => u.serialNumber);
    expect(first).not.toEqual(serials.slice(0, 20));
  });
  it('when a serial repeats, then it is one unit', () => {
    expect(assignPhases(['A', 'A', 'B'], [100], 's')).toHaveLength(2);
  });
});

describe('phaseVerdict', () => {
  it('when failures go above the threshold, then the rollout pauses with the reason', () => {
    const verdict = phaseVerdict(1, counts({ done: 20, failed: 3, installing: 7 }), thresholds);
    expect(verdict).toEqual({
      kind: 'pause',
      reason: expect.stringContaining('Phase 2: 3 of 30 units failed or timed out (10%)'),
    });
  });
  it('when failures are at the threshold, then it does not pause', () => {
    expect(phaseVerdict(0, counts({ done: 10, failed: 1, installing: 9 }), thresholds)).toEqual({
      kind: 'wait',
    });
  });
  it('when done and skipped reach the success share, then the next phase starts', () => {
    expect(phaseVerdict(0, counts({ done: 90, skipped: 5, installing: 5 }), thresholds)).toEqual({
      kind: 'advance',
    });
    expect(phaseVerdict(0, counts({ done: 90, skipped: 4, installing: 6 }), thresholds)).toEqual({
      kind: 'wait',
    });
  });
  it('when every unit ended below the success share, then it pauses', () => {
    expect(
      phaseVerdict(0, counts({ done: 93, failed: 5, skipped: 2 }), {
        failureThreshold: 0.1,
        successThreshold: 0.99,
      }).kind,
    ).toBe('pause');
  });
  it('when staff resumed over accepted failures, then those leave the phase', () => {
    expect(phaseVerdict(1, counts({ done: 27, failed: 3 }), thresholds, 3)).toEqual({ kind: 'advance' });
    expect(phaseVerdict(1, counts({ done: 20, failed: 5, installing: 5 }), thresholds, 3).kind).toBe('pause');
  });
  it('when a phase has no units, then it passes', () => {
    expect(phaseVerdict(2, counts({}), thresholds)).toEqual({ kind: 'advance' });
  });
});

describe('pausedItself', () => {
  it("when a phase's verdict paused the rollout, then it paused itself; when staff paused it (or no reason was kept), then not", () => {
    const verdict = phaseVerdict(1, counts({ done: 20, failed: 3, installing: 7 }), thresholds);
    expect(verdict.kind === 'pause' && pausedItself(verdict.reason)).toBe(true);
    expect(staffPauseReason('engineer')).toBe('Paused by engineer.');
    expect(pausedItself(staffPauseReason('engineer'))).toBe(false);
    expect(pausedItself(null)).toBe(false);
  });
});

describe('withinWindow', () => {
  const noonUtc = Date.UTC(2025, 0, 6, 12, 0, 0);
  it('when no window, then any time', () => {
    expect(withinWindow(noonUtc, -18_000, null)).toBe(true);
  });
  it('when the local hour is inside the window, then yes; outside, no', () => {
    expect(localHour(noonUtc, -18_000)).toBe(7);
    expect(withinWindow(noonUtc, -18_000, { startHour: 6, endHour: 8 })).toBe(true);
    expect(withinWindow(noonUtc, -18_000, { startHour: 8, endHour: 10 })).toBe(false);
  });
  it('when the window runs over midnight, then late and early hours are inside', () => {
    const window = { startHour: 22, endHour: 4 };
    expect(withinWindow(Date.UTC(2025, 0, 6, 23), 0, window)).toBe(true);
    expect(withinWindow(Date.UTC(2025, 0, 6, 3), 0, window)).toBe(true);
    expect(withinWindow(Date.UTC(2025, 0, 6, 12), 0, window)).toBe(false);
  });
  it('when the offset is unknown, then the unit does not wait', () => {
    expect(withinWindow(noonUtc, null, { startHour: 1, endHour: 2 })).toBe(true);
  });
});

describe('followUnit', () => {
  const unit = {
    state: 'pending' as const,
    since: 0,
    updateState: 'READY_TO_DOWNLOAD',
    versionSemantic: '5.4.1',
    stagingPending: true,
  };
  it('when the unit runs the target, then done', () => {
    expect(
      followUnit(
        { ...unit, versionSemantic: '5.4.2', stagingPending: false, updateState: 'INSTALLATION_COMPLETE' },
        '5.4.2',
        0,
      ),
    ).toEqual({ state: 'done', reason: null });
  });
  it('when the updater reports a failed update, then failed', () => {
    expect(
      followUnit({ ...unit, updateState: 'INSTALLATION_FAILED', stagingPending: false }, '5.4.2', 0).state,
    ).toBe('failed');
  });
  it('when the staging was removed, then failed with that reason', () => {
    expect(
      followUnit({ ...unit, updateState: 'TRY_INSERT_UPDATE', stagingPending: false }, '5.4.2', 0).reason,
    ).toMatch(/staging was removed/);
  });
  it('when downloading longer than the time-out, then failed: timed out', () => {
    const downloading = { ...unit, state: 'downloading' as const, since: 0, updateState: 'DOWNLOADING' };
    expect(followUnit(downloading, '5.4.2', 2 * HOUR - 1)).toEqual({ state: 'downloading', reason: null });
    expect(followUnit(downloading, '5.4.2', 2 * HOUR + 1)).toEqual({ state: 'failed', reason: 'timed out' });
  });
  it('when installing, then installing', () => {
    expect(followUnit({ ...unit, updateState: 'INSTALLING_UPDATE' }, '5.4.2', 0).state).toBe('installing');
  });
});
