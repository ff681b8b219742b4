/**
 * How the Update Scheduler table shows a device (back-office §2.4, §4 "Update scheduler device
 * display").
 */
import { UNKNOWN } from '../constants/constants';

/** The fields of an update-scheduler device that its display depends on (back-office §3). */
export interface SchedulerDeviceLike {
  /** Whether the unit is connected now. */
  connected?: boolean | null;
  /** Staging record. */
  staging?: { isStaged?: boolean | null; autoStaged?: boolean | null } | null;
  /** The server's best guess at the updater state. */
  bestGuessAtSoftwareUpdateState?: string | null;
  /** The server's best guess at the version being updated to. */
  bestGuessAtSoftwareUpdateVersion?: { semantic?: string | null; meta?: string | null } | null;
}

/** What the Staged column reads (back-office §4). */
export type StagedDisplay = 'yes' | '(yes)' | 'no';

/** The State, Update Version and Staged cells of one scheduler row. */
export interface SchedulerDeviceDisplay {
  /** The state text: 'unknown' when not connected, else the best-guess state as sent ('' when none). */
  state: string;
  /** The best-guess update version when connected, else ''. */
  updateVersion: string;
  /** 'yes', '(yes)' when auto-staged, or 'no'. */
  staged: StagedDisplay;
}

/**
 * The Staged column (back-office §4: "yes, '(yes)' when auto-staged, otherwise no").
 */
export function stagedDisplay(staging: SchedulerDeviceLike['staging']): StagedDisplay {
  if (!staging?.isStaged) return 'no';
  return staging.autoStaged ? '(yes)' : 'yes';
}

/**
 * The display of one scheduler row (back-office §4): not connected -> State 'unknown' and a blank update
 * version; connected -> the best-guess state and version. The state is shown as the server sends it
 * (decision: the table has a text filter on the raw state, so the column shows what the filter matches).
 */
export function schedulerDeviceDisplay(device: SchedulerDeviceLike): SchedulerDeviceDisplay {
  const staged = stagedDisplay(device.staging);
  if (!device.connected) return { state: UNKNOWN, updateVersion: '', staged };
  return {
    state: device.bestGuessAtSoftwareUpdateState ?? '',
    updateVersion: device.bestGuessAtSoftwareUpdateVersion?.semantic ?? '',
    staged,
  };
}
