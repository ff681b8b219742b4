import fc from 'fast-check';
import { UPDATE_STATES } from '../update-state/update-state';
import {
  connectedShare,
  isUpdatingState,
  mapCellKey,
  MAP_MIN_UNITS,
  SHARE_STEPS,
  shareStep,
  shareStepLabel,
  UPDATING_STATES,
} from './fleet-map';

describe('isUpdatingState', () => {
  it('when a unit downloads, validates, waits to install, restarts its updater or installs, then it is updating', () => {
    // issue 39: updating (a unit whose update state is downloading/validating/installing...)
    for (const state of [
      'DOWNLOADING',
      'READY_TO_INSTALL',
      'VALIDATING_UPDATE',
      'SYSMAN_RESTART',
      'INSTALLING_UPDATE',
    ])
      expect(isUpdatingState(state)).toBe(true);
  });

  it('when a unit waits to download, is done, is busy or reports a raw state, then it is not updating', () => {
    for (const state of [
      'READY_TO_DOWNLOAD',
      'INSTALLATION_COMPLETE',
      'BUSY',
      'TRY_INSERT_UPDATE',
      'downloading',
      '',
      null,
      undefined,
    ])
      expect(isUpdatingState(state)).toBe(false);
  });

  it('when every known state is checked, then exactly the updating ones are known states', () => {
    expect(UPDATE_STATES.filter(isUpdatingState)).toEqual(
      [...UPDATING_STATES].sort((a, b) => UPDATE_STATES.indexOf(a) - UPDATE_STATES.indexOf(b)),
    );
  });
});

describe('connectedShare and shareStep', () => {
  it('when a place has fewer units than the minimum, then its share is unknown and its step is grey (-1)', () => {
    expect(connectedShare({ units: MAP_MIN_UNITS - 1, connected: 1 })).toBeNull();
    expect(shareStep(null)).toBe(-1);
  });

  it('when a place has enough units, then its share is connected over units', () => {
    expect(connectedShare({ units: 200, connected: 150 })).toBe(0.75);
    expect(shareStep(0.75)).toBe(2);
    expect(shareStep(1)).toBe(SHARE_STEPS.length - 1);
    expect(shareStep(0)).toBe(0);
  });

  it('when any counts are given, then the step is a valid index and grows with the share', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000 }), (a, b) => {
        const units = Math.max(a, b);
        const connected = Math.min(a, b);
        const share = connectedShare({ units, connected });
        const step = shareStep(share);
        if (units < MAP_MIN_UNITS) expect(step).toBe(-1);
        else {
          expect(step).toBeGreaterThanOrEqual(0);
          expect(step).toBeLessThan(SHARE_STEPS.length);
          expect(shareStep(Math.min(1, (connected + 1) / units))).toBeGreaterThanOrEqual(step);
        }
      }),
    );
  });

  it('when the legend is written, then each step names its range', () => {
    expect(shareStepLabel(-1)).toBe(`fewer than ${MAP_MIN_UNITS} units`);
    expect(shareStepLabel(0)).toBe('under 50%');
    expect(shareStepLabel(3)).toBe('80-90%');
    expect(shareStepLabel(SHARE_STEPS.length - 1)).toBe('95% or more');
  });
});

describe('mapCellKey', () => {
  it('when a place is keyed, then its parts are joined by a slash from the country down', () => {
    expect(mapCellKey('US')).toBe('US');
    expect(mapCellKey('US', 'California')).toBe('US/California');
    expect(mapCellKey('US', 'California', 'Fresno')).toBe('US/California/Fresno');
    expect(mapCellKey('US', null, null)).toBe('US');
  });
});
