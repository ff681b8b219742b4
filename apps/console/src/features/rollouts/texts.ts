import type { RolloutAction, RolloutState, RolloutUnitState } from '@equipment-dashboard/domain';

/** Texts of the Rollouts screen (every word here is ours). */
export const ROLLOUTS_TEXTS = {
  title: 'Rollouts',
  noAccess: 'You do not have access to Rollouts.',
  newRollout: 'New rollout',
  filterName: 'filter name',
  name: 'Name',
  family: 'Family',
  version: 'Version',
  state: 'State',
  phases: 'Phases',
  units: 'Units',
  createdBy: 'Created By',
  createdAt: 'Created At',
  open: 'Open',
  back: 'All rollouts',
  stateLabels: {
    running: 'running',
    paused: 'paused',
    aborted: 'aborted',
    finished: 'finished',
  } satisfies Record<RolloutState, string>,
  unitStateLabels: {
    pending: 'Pending',
    downloading: 'Downloading',
    installing: 'Installing',
    done: 'Done',
    failed: 'Failed',
    skipped: 'Skipped',
  } satisfies Record<RolloutUnitState, string>,
  phaseLabel: (index: number, percent: number) => `Phase ${index + 1} (${percent}%)`,
  phaseProgress: (index: number) => `Phase ${index + 1} progress`,
  currentPhase: 'Current phase',
  pauseReason: 'Why it paused',
  target: 'Target',
  targetText: {
    view: (name: string) => `Saved view "${name}"`,
    filters: (filters: string) => `Equipment list filters: ${filters || 'all units'}`,
    csv: (file: string) => `CSV file ${file}`,
  },
  excluded: (n: number) => `${n} serials of the target are not units of this family and were left out.`,
  thresholds: (failure: string, success: string) =>
    `Pauses above ${failure} failed; next phase at ${success} done or skipped.`,
  window: (start: number, end: number) =>
    `Units start updating between ${start}:00 and ${end}:00 local time.`,
  anyTime: 'Units start updating at any time.',
  failedUnits: 'Failed units',
  noFailed: 'No unit has failed.',
  serialNumber: 'Serial Number',
  phase: 'Phase',
  reason: 'Reason',
  lastState: 'Last State',
  exportFailed: 'Export failed units (CSV)',
  skippedReasons: 'Skipped units by reason',
  actions: { pause: 'Pause', resume: 'Resume', abort: 'Abort' } satisfies Record<RolloutAction, string>,
  confirmTitle: { pause: 'Pause rollout', resume: 'Resume rollout', abort: 'Abort rollout' } satisfies Record<
    RolloutAction,
    string
  >,
  confirmText: {
    pause: (name: string) =>
      `Pause "${name}"? Units already staged go on; no new units are staged until it is resumed.`,
    resume: (name: string) =>
      `Resume "${name}"? The current phase's failures so far are accepted, and its remaining units go on.`,
    abort: (name: string) =>
      `Abort "${name}"? Units that have not started downloading are unstaged. This cannot be undone.`,
  } satisfies Record<RolloutAction, (name: string) => string>,
  created: (name: string) => `Rollout ${name} created.`,
} as const;
