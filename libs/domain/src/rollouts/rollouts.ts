/**
 * Phased rollouts: the rules that size a rollout's phases, order its units, say which staff
 * transition applies in which state, follow a unit's update, and decide when a phase passes or pauses the
 * rollout (hawkBit's rollout groups with success and error thresholds). Pure: "now" is a parameter.
 */

/** A rollout's states: it runs, pauses (by itself or by staff), is aborted by staff, or finishes. */
export const ROLLOUT_STATES = ['running', 'paused', 'aborted', 'finished'] as const;
/** See {@link ROLLOUT_STATES}. */
export type RolloutState = (typeof ROLLOUT_STATES)[number];

/** How one unit of a rollout is doing. */
export const ROLLOUT_UNIT_STATES = [
  'pending',
  'downloading',
  'installing',
  'done',
  'failed',
  'skipped',
] as const;
/** See {@link ROLLOUT_UNIT_STATES}. */
export type RolloutUnitState = (typeof ROLLOUT_UNIT_STATES)[number];

/** Counts of a phase's units by state. */
export type RolloutCounts = Record<RolloutUnitState, number>;

/** The defaults of a new rollout: phases as cumulative percentages of the target, thresholds as shares. */
export const ROLLOUT_DEFAULTS = {
  phases: [1, 10, 50, 100],
  /** A phase whose failed or timed-out share goes above this pauses the rollout. */
  failureThreshold: 0.05,
  /** A phase whose done and skipped share reaches this lets the next phase start. */
  successThreshold: 0.95,
} as const;

/** A unit that stays downloading longer than this (simulated ms) has timed out (a hung download). */
export const ROLLOUT_DOWNLOAD_TIMEOUT_MS = 2 * 60 * 60 * 1000;

/** The staff transitions: the states each applies in, and the state it leads to. */
export const ROLLOUT_TRANSITIONS = {
  pause: { from: ['running'], to: 'paused' },
  resume: { from: ['paused'], to: 'running' },
  abort: { from: ['running', 'paused'], to: 'aborted' },
} as const satisfies Record<string, { from: readonly RolloutState[]; to: RolloutState }>;
/** A staff transition of a rollout. */
export type RolloutAction = keyof typeof ROLLOUT_TRANSITIONS;

/** The state `action` leads to from `state`, or null when it does not apply there (a 409). */
export function rolloutTransition(state: RolloutState, action: RolloutAction): RolloutState | null {
  const rule = ROLLOUT_TRANSITIONS[action];
  return (rule.from as readonly RolloutState[]).includes(state) ? rule.to : null;
}

/** The staff transitions that apply in `state` (the buttons the console shows). */
export function rolloutActions(state: RolloutState): RolloutAction[] {
  return (Object.keys(ROLLOUT_TRANSITIONS) as RolloutAction[]).filter(
    (action) => rolloutTransition(state, action) !== null,
  );
}

/**
 * Why a list of phase percentages is not valid, or null: 1 to 10 cumulative percentages, each above 0,
 * strictly increasing, the last 100.
 */
export function phasesProblem(percentages: readonly number[]): string | null {
  if (percentages.length < 1 || percentages.length > 10) return 'A rollout has 1 to 10 phases.';
  for (let i = 0; i < percentages.length; i++) {
    const p = percentages[i] as number;
    if (!Number.isFinite(p) || p <= 0 || p > 100)
      return 'Each phase is a percentage above 0 and at most 100.';
    if (i > 0 && p <= (percentages[i - 1] as number))
      return 'Phases are cumulative: each percentage is above the one before.';
  }
  return percentages[percentages.length - 1] === 100 ? null : 'The last phase takes 100% of the target.';
}

/**
 * How many units each phase takes from `total`, given cumulative percentages: each phase reaches at least
 * its share (rounded up), takes at least one unit while units remain, and the last takes all the rest.
 */
export function phaseSizes(total: number, percentages: readonly number[]): number[] {
  const sizes: number[] = [];
  let reached = 0;
  percentages.forEach((percent, i) => {
    const last = i === percentages.length - 1;
    const wanted = last
      ? total
      : Math.min(total, Math.max(Math.ceil((total * percent) / 100 - 1e-9), reached + 1));
    sizes.push(wanted - reached);
    reached = wanted;
  });
  return sizes;
}

/** A 32-bit FNV-1a hash, the order key of the stable shuffle. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * The target's units in a stable shuffled order (by a hash of seed and serial: the same seed and serials
 * give the same order whatever order they came in), each with its 0-based phase.
 */
export function assignPhases(
  serials: readonly string[],
  percentages: readonly number[],
  seed: string,
): { serialNumber: string; phase: number }[] {
  const unique = [...new Set(serials)];
  const keyed = unique.map((serialNumber) => ({ serialNumber, key: hash(`${seed}/${serialNumber}`) }));
  keyed.sort((a, b) => a.key - b.key || (a.serialNumber < b.serialNumber ? -1 : 1));
  const sizes = phaseSizes(keyed.length, percentages);
  const out: { serialNumber: string; phase: number }[] = [];
  let next = 0;
  sizes.forEach((size, phase) => {
    for (const { serialNumber } of keyed.slice(next, next + size)) out.push({ serialNumber, phase });
    next += size;
  });
  return out;
}

/** Empty counts. */
export function emptyRolloutCounts(): RolloutCounts {
  return { pending: 0, downloading: 0, installing: 0, done: 0, failed: 0, skipped: 0 };
}

/** What the driver does with the current phase: wait, start the next phase, or pause with a reason. */
export type PhaseVerdict = { kind: 'wait' } | { kind: 'advance' } | { kind: 'pause'; reason: string };

const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;

/**
 * The verdict on a phase from its counts (hawkBit's group thresholds). Failures staff accepted by resuming
 * after a pause (`acceptedFailures`) leave the phase: they count neither against the threshold nor in the
 * success share. The phase pauses the rollout when its other failures go above `failureThreshold` of its
 * units; it passes when done and skipped units reach `successThreshold` of its units; a phase whose units
 * all ended below the success share pauses too (it would otherwise wait for ever).
 */
export function phaseVerdict(
  phase: number,
  counts: RolloutCounts,
  thresholds: { failureThreshold: number; successThreshold: number },
  acceptedFailures = 0,
): PhaseVerdict {
  const accepted = Math.min(acceptedFailures, counts.failed);
  const total = ROLLOUT_UNIT_STATES.reduce((sum, state) => sum + counts[state], 0) - accepted;
  if (total <= 0) return { kind: 'advance' };
  const failed = counts.failed - accepted;
  const label = `Phase ${phase + 1}`;
  if (failed / total > thresholds.failureThreshold) {
    return {
      kind: 'pause',
      reason: `${label}: ${failed} of ${total} units failed or timed out (${percent(failed / total)}), above the failure threshold of ${percent(thresholds.failureThreshold)}.`,
    };
  }
  const succeeded = counts.done + counts.skipped;
  if (succeeded / total >= thresholds.successThreshold - 1e-9) return { kind: 'advance' };
  if (counts.pending + counts.downloading + counts.installing === 0) {
    return {
      kind: 'pause',
      reason: `${label}: every unit ended, but only ${percent(succeeded / total)} succeeded, below the success share of ${percent(thresholds.successThreshold)}.`,
    };
  }
  return { kind: 'wait' };
}

const STAFF_PAUSE = 'Paused by ';

/** The pause reason a rollout paused by a staff member keeps (one that pauses itself keeps its phase's verdict). */
export function staffPauseReason(username: string): string {
  return `${STAFF_PAUSE}${username}.`;
}

/** Whether a paused rollout paused itself, by its phase's verdict, rather than by a staff member's hand. */
export function pausedItself(pauseReason: string | null): boolean {
  return pauseReason !== null && !pauseReason.startsWith(STAFF_PAUSE);
}

/** The local hour (0-23) at a UTC offset in seconds east of UTC. */
export function localHour(now: number, offsetSeconds: number): number {
  const day = 24 * 3_600_000;
  const local = (((now + offsetSeconds * 1000) % day) + day) % day;
  return Math.floor(local / 3_600_000);
}

/**
 * Whether a unit at `offsetSeconds` may start an update now under a maintenance window of local hours
 * [startHour, endHour) (over midnight when start is after end; equal hours or no window: any time). A unit
 * whose time zone is unknown waits for nothing.
 */
export function withinWindow(
  now: number,
  offsetSeconds: number | null | undefined,
  window: { startHour: number; endHour: number } | null,
): boolean {
  if (
    !window ||
    window.startHour === window.endHour ||
    offsetSeconds === null ||
    offsetSeconds === undefined ||
    !Number.isFinite(offsetSeconds)
  )
    return true;
  const hour = localHour(now, offsetSeconds);
  return window.startHour < window.endHour
    ? hour >= window.startHour && hour < window.endHour
    : hour >= window.startHour || hour < window.endHour;
}

/** A rollout unit's state by the updater state its unit reports while the update is under way. */
const UNIT_STATE_OF_UPDATE_STATE: Readonly<Record<string, RolloutUnitState>> = {
  READY_TO_DOWNLOAD: 'pending',
  DOWNLOADING: 'downloading',
  VALIDATING_UPDATE: 'downloading',
  READY_TO_INSTALL: 'installing',
  INSTALLING_UPDATE: 'installing',
  SYSMAN_RESTART: 'installing',
};

/** The updater state a unit reports when its update failed. */
export const UPDATE_FAILED_STATE = 'INSTALLATION_FAILED';

/** What a staged unit of a rollout is, as the driver reads it from the unit. */
export interface FollowedUnit {
  /** The rollout unit's state so far and since when (simulated ms) it has been in it. */
  state: RolloutUnitState;
  since: number;
  /** The unit's updater state as the console reads it (reported, or the pending delta). */
  updateState: string;
  /** The version the unit runs. */
  versionSemantic: string;
  /** Whether the unit's staging is still pending (not installed, not cleared). */
  stagingPending: boolean;
}

/**
 * Where a staged unit is now: done once it runs the target version; failed when its updater reports a
 * failed update, when its staging was cleared before it got there, or when it stayed downloading longer
 * than `timeoutMs` (timed out); otherwise pending, downloading or installing by its updater state.
 */
export function followUnit(
  unit: FollowedUnit,
  target: string,
  now: number,
  timeoutMs = ROLLOUT_DOWNLOAD_TIMEOUT_MS,
): { state: RolloutUnitState; reason: string | null } {
  if (unit.versionSemantic === target) return { state: 'done', reason: null };
  if (unit.updateState === UPDATE_FAILED_STATE)
    return { state: 'failed', reason: 'the update failed on the unit' };
  if (!unit.stagingPending)
    return { state: 'failed', reason: 'the staging was removed before the update installed' };
  const state = UNIT_STATE_OF_UPDATE_STATE[unit.updateState] ?? 'pending';
  if (state === 'downloading' && unit.state === 'downloading' && now - unit.since > timeoutMs)
    return { state: 'failed', reason: 'timed out' };
  return { state, reason: null };
}
