import type { UpdateState } from '@equipment-dashboard/contract';
import { UPDATE_FLOW_STATES } from '@equipment-dashboard/domain';
import type { DesiredRow } from '../store/repos/desired-repo';
import type { UnitStaging } from '../store/schema';
import { IDLE_STATE } from './unit-runtime';

/** A unit's desired staging as the API wrote it: the revision and the staged version (none when null). */
export interface DesiredStaging {
  rev: number;
  semantic: string | null;
  meta: string;
  path: string | null;
  stagedAt: number | null;
  autoStaged: boolean;
}

/** A unit's desired row as the store keeps it (its key aside). */
export type StoredDesired = Omit<DesiredRow, 'serialNumber'>;

const sameString = (value: string) => value;

/**
 * The desired staging of a stored desired row (null when the API never staged the unit). `share` gives each of its
 * strings one shared copy: the simulator holds a staging per unit, and a copy of "5.4.1" per unit adds up.
 */
export function desiredOf(
  row: StoredDesired | null | undefined,
  share: (value: string) => string = sameString,
): DesiredStaging | null {
  if (!row) return null;
  return {
    rev: Number(row.rev),
    semantic: row.stagedSemantic === null ? null : share(row.stagedSemantic),
    meta: share(row.stagedMeta),
    path: row.path === null ? null : share(row.path),
    stagedAt: row.stagedAt?.getTime() ?? null,
    autoStaged: row.autoStaged,
  };
}

const FLOW_STATES = new Set<string>(UPDATE_FLOW_STATES);

/** A staging is pending while the unit has not installed that desired revision. */
export function isPending(
  desired: DesiredStaging | null | undefined,
  doneRev: number,
): desired is DesiredStaging & { semantic: string } {
  return Boolean(desired && desired.semantic !== null && desired.rev > doneRev);
}

/** The pending version (console-core §3 `pendingSoftwareDownload`), '' when nothing is pending. */
export function pendingVersionOf(desired: DesiredStaging | null | undefined, doneRev: number): string {
  return isPending(desired, doneRev) ? desired.semantic : '';
}

/** The console's staging object of a unit (back-office §3). */
export function stagingOf(desired: DesiredStaging | null | undefined, doneRev: number): UnitStaging {
  if (!isPending(desired, doneRev))
    return { isStaged: false, autoStaged: false, stagedVersion: null, stagedAt: null, path: null };
  return {
    isStaged: true,
    autoStaged: desired.autoStaged,
    stagedVersion: { semantic: desired.semantic, meta: desired.meta },
    stagedAt: desired.stagedAt === null ? null : new Date(desired.stagedAt).toISOString(),
    path: desired.path,
  };
}

/**
 * How the reported updater state reads against the desired state. The unit reports the revision its
 * update flow serves (`flowRev`, null without a flow). Until the unit has taken a newer desired revision, a
 * pending staging reads READY_TO_DOWNLOAD (the delta the console calls "Pending Download") and an
 * unstaging reads idle.
 */
export function deltaOf(
  reportedState: string,
  flowRev: number | null,
  desired: DesiredStaging | null | undefined,
  doneRev: number,
): { state: string; stagedSemantic: string | null } | null {
  if (!desired || desired.rev <= Math.max(flowRev ?? 0, doneRev)) return null;
  if (isPending(desired, doneRev)) return { state: 'READY_TO_DOWNLOAD', stagedSemantic: desired.semantic };
  return FLOW_STATES.has(reportedState) ? { state: IDLE_STATE, stagedSemantic: null } : null;
}

/** The public part of the updater state a unit reported (the simulator's bookkeeping left out). */
function reportedUpdateState(stored: Record<string, unknown>): UpdateState {
  const { sim: _sim, ...reported } = stored;
  return {
    state: IDLE_STATE,
    softwareUpdateDownload: null,
    downloading: false,
    downloadProgress: { software: null, specs: null },
    installing: false,
    installProgress: null,
    ...reported,
  } as UpdateState;
}

/**
 * The updater state the console shows: what the unit reported, unless the API changed the desired
 * staging since (a staging not taken yet reads READY_TO_DOWNLOAD with its version, an unstaging idle).
 */
export function updateStateFor(
  stored: Record<string, unknown>,
  flowRev: number | null,
  desired: DesiredStaging | null,
  doneRev: number,
): UpdateState {
  const reported = reportedUpdateState(stored);
  const delta = deltaOf(reported.state, flowRev, desired, doneRev);
  if (!delta) return reported;
  return {
    state: delta.state,
    softwareUpdateDownload: delta.stagedSemantic ? { version: { semantic: delta.stagedSemantic } } : null,
    downloading: false,
    downloadProgress: { software: null, specs: null },
    installing: false,
    installProgress: null,
  };
}
