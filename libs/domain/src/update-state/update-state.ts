/**
 * Update-state labels of a unit's updater (console-core §4, back-office §9), kept as data.
 */

export * from './scheduler-device';

/** What the console shows for each updater state (console-core §4, back-office §9). */
export const UPDATE_STATE_LABELS = {
  BUSY: 'Busy',
  TRY_INSERT_UPDATE: 'Nothing Pending',
  TRY_INSERT_DIFFERENT_UPDATE: 'Nothing Pending',
  READY_TO_DOWNLOAD: 'Pending Download',
  DOWNLOADING: 'Downloading',
  READY_TO_INSTALL: 'Install Pending',
  VALIDATING_UPDATE: 'Validating Update Contents',
  SYSMAN_RESTART: 'Restarting Updater',
  INSTALLING_UPDATE: 'Installing',
  INSTALLATION_COMPLETE: 'Install Complete',
} as const;

/** An updater state with a label. Units may report others; those are shown raw. */
export type KnownUpdateState = keyof typeof UPDATE_STATE_LABELS;

/** Every known updater state, in the spec's order. */
export const UPDATE_STATES = Object.keys(UPDATE_STATE_LABELS) as KnownUpdateState[];

/**
 * The states a unit's updater reports while an update flow is under way, from Pending Download to Restarting
 * Updater: the unit serves a staged revision in them. Install Complete ends the flow; the idle states and Busy are
 * outside it.
 */
export const UPDATE_FLOW_STATES = [
  'READY_TO_DOWNLOAD',
  'DOWNLOADING',
  'VALIDATING_UPDATE',
  'READY_TO_INSTALL',
  'INSTALLING_UPDATE',
  'SYSMAN_RESTART',
] as const satisfies readonly KnownUpdateState[];

/** True when the state has a label in {@link UPDATE_STATE_LABELS}. */
export function isKnownUpdateState(state: unknown): state is KnownUpdateState {
  return typeof state === 'string' && Object.hasOwn(UPDATE_STATE_LABELS, state);
}

/**
 * The label of an updater state (console-core §4): the mapped text for a known state, any other value
 * raw ("any other value is shown raw"), and '' for null or undefined.
 */
export function updateStateLabel(state: string | null | undefined): string {
  if (state === null || state === undefined) return '';
  if (isKnownUpdateState(state)) return UPDATE_STATE_LABELS[state];
  return String(state);
}
