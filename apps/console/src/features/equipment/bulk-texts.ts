import type { BulkActionKind } from '@equipment-dashboard/contract';

const count = (n: number) => n.toLocaleString('en-US');
const units = (n: number) => `${count(n)} ${n === 1 ? 'unit' : 'units'}`;

/** Texts of the equipment list's bulk actions (the spec shows none, the words are ours). */
export const BULK_TEXTS = {
  selected: (n: number) => `${units(n)} selected`,
  allMatchingSelected: (n: number) => `All ${units(n)} matching the filters are selected.`,
  selectAllMatching: (n: number) => `Select all ${units(n)} matching the filters`,
  clearSelection: 'Clear selection',
  actions: 'Bulk actions',
  captureScenario: 'Capture as scenario',
  /** What each action is called in the menu and the dialogs. */
  action: {
    stageLatest: 'Stage latest update',
    unstage: 'Unstage update',
    addToRadar: 'Add to My Radar',
    getVoltages: 'Get voltages',
    getUsbStatus: 'Get USB status',
    getPrinterStatus: 'Get printer status',
    checkCloud: 'Check Cloud',
  } satisfies Record<BulkActionKind, string>,
  confirm: (label: string, n: number) =>
    `${label} on ${units(n)}? Each unit is checked against the action's rules; units they exclude are skipped.`,
  start: 'Start',
  cancel: 'Cancel',
  close: 'Close',
  progress: 'Progress',
  running: (handled: number, total: number) => `${count(handled)} of ${units(total)} handled…`,
  finished: 'Finished',
  done: (n: number) => `Done: ${count(n)}`,
  skipped: (n: number) => `Skipped: ${count(n)}`,
  failed: (n: number) => `Failed: ${count(n)}`,
  reason: (outcome: 'skipped' | 'failed', n: number, reason: string) => `${count(n)} ${outcome}: ${reason}`,
  unitsWithReasons: 'Units skipped or failed',
  loadFailed: 'The job could not be read.',
} as const;
