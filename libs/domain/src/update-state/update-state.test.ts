import fc from 'fast-check';
import {
  UPDATE_FLOW_STATES,
  UPDATE_STATES,
  UPDATE_STATE_LABELS,
  isKnownUpdateState,
  schedulerDeviceDisplay,
  stagedDisplay,
  updateStateLabel,
} from './update-state';

describe('updateStateLabel', () => {
  it('when the state is known, then it shows the spec label', () => {
    // console-core §4: Update state display: BUSY = Busy; ... INSTALLATION_COMPLETE = Install Complete
    expect(UPDATE_STATE_LABELS).toEqual({
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
    });
    expect(updateStateLabel('TRY_INSERT_DIFFERENT_UPDATE')).toBe('Nothing Pending');
    expect(UPDATE_STATES).toHaveLength(10);
  });

  it('when the state is any other value, then it is shown raw', () => {
    // console-core §4: any other value is shown raw
    expect(updateStateLabel('REBOOTING')).toBe('REBOOTING');
    expect(updateStateLabel('toString')).toBe('toString');
    fc.assert(
      fc.property(fc.string(), (state) => {
        expect(updateStateLabel(state)).toBe(isKnownUpdateState(state) ? UPDATE_STATE_LABELS[state] : state);
      }),
    );
  });

  it('when a unit is in an update flow, then its state is one of the six between Pending Download and Restarting Updater', () => {
    expect(UPDATE_FLOW_STATES.map(updateStateLabel)).toEqual([
      'Pending Download',
      'Downloading',
      'Validating Update Contents',
      'Install Pending',
      'Installing',
      'Restarting Updater',
    ]);
    for (const outside of [
      'BUSY',
      'TRY_INSERT_UPDATE',
      'TRY_INSERT_DIFFERENT_UPDATE',
      'INSTALLATION_COMPLETE',
    ])
      expect(UPDATE_FLOW_STATES).not.toContain(outside);
  });

  it('when there is no state, then the label is empty', () => {
    // console-core §4: nothing to show without a state (decision)
    expect(updateStateLabel(null)).toBe('');
    expect(updateStateLabel(undefined)).toBe('');
  });
});

describe('scheduler device display', () => {
  it('when the device is not connected, then State is unknown and the update version is blank', () => {
    // back-office §4: Not connected: the State is shown as 'unknown' and the update version is blank
    expect(
      schedulerDeviceDisplay({
        connected: false,
        bestGuessAtSoftwareUpdateState: 'DOWNLOADING',
        bestGuessAtSoftwareUpdateVersion: { semantic: '5.2.0' },
      }),
    ).toEqual({ state: 'unknown', updateVersion: '', staged: 'no' });
  });

  it('when the device is connected, then the best-guess state and version show', () => {
    // back-office §4: Connected: the update version is shown from the best-guess version if present
    expect(
      schedulerDeviceDisplay({
        connected: true,
        staging: { isStaged: true },
        bestGuessAtSoftwareUpdateState: 'DOWNLOADING',
        bestGuessAtSoftwareUpdateVersion: { semantic: '5.2.0' },
      }),
    ).toEqual({ state: 'DOWNLOADING', updateVersion: '5.2.0', staged: 'yes' });
    expect(schedulerDeviceDisplay({ connected: true })).toEqual({
      state: '',
      updateVersion: '',
      staged: 'no',
    });
  });

  it('when staged automatically, then Staged reads (yes)', () => {
    // back-office §4: Staged column: yes, '(yes)' when auto-staged, otherwise no
    expect(stagedDisplay({ isStaged: true, autoStaged: true })).toBe('(yes)');
    expect(stagedDisplay({ isStaged: true, autoStaged: false })).toBe('yes');
    expect(stagedDisplay({ isStaged: false, autoStaged: true })).toBe('no');
    expect(stagedDisplay(null)).toBe('no');
  });
});
