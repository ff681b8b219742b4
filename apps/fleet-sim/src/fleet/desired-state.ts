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

/** States of a unit's updater while it moves through an update (not idle). */
const FLOW_STATES = new Set(['READY_TO_DOWNLOAD', 'DOWNLOADING', 'VALIDATING_UPDATE', 'READY_TO_INSTALL', 'INSTALLING_UPDATE', 'SYSMAN_RESTART']);

/** A staging is pending while the unit has not installed that desired revision. */
export function isPending(desired: DesiredStaging | null | undefined, doneRev: number): desired is DesiredStaging & { semantic: string } {
  return Boolean(desired && desired.semantic !== null && desired.rev > doneRev);
}

/** The pending version (console-core §3 `pendingSoftwareDownload`), '' when nothing is pending. */
export function pendingVersionOf(desired: DesiredStaging | null | undefined, doneRev: number): string {
  return isPending(desired, doneRev) ? desired.semantic : '';
}

/** The console's staging object of a unit (back-office §3). */
export function stagingOf(desired: DesiredStaging | null | undefined, doneRev: number): UnitStaging {
  if (!isPending(desired, doneRev)) return { isStaged: false, autoStaged: false, stagedVersion: null, stagedAt: null, path: null };
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
