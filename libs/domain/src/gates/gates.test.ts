import fc from 'fast-check';
import type { Family } from '../constants/constants';
import { compareVersions } from '../version/version';
import {
  VERSION_GATES,
  latestSemanticOf,
  stagingRefusal,
  unitCapabilities,
  versionGateOpen,
  type GateUnit,
  type LatestByFamily,
  type UnitCapabilities,
} from './gates';

const latest: LatestByFamily = {
  aligner: { semantic: '5.2.0', meta: 'Summer' },
  gtps: '1.4.0',
  'aligner-oasis': '1.1.0',
};

function unit(family: Family, semantic: string, extra: Partial<GateUnit> = {}): GateUnit {
  return { family, version: { semantic }, ...extra };
}

const caps = (u: GateUnit) => unitCapabilities(u, latest);

describe('version gates', () => {
  it('when an aligner is 4.3.0 or newer, then update status shows; gtps from 1.0.0; oasis from 1.0.0', () => {
    // console-core §5: Update status: aligner 4.3.0 or newer; gtps 1.0.0 or newer (oasis 1.0.0: decision)
    expect(caps(unit('aligner', '4.3.0')).updateStatus).toBe(true);
    expect(caps(unit('aligner', '4.2.9')).updateStatus).toBe(false);
    expect(caps(unit('gtps', '1.0.0')).updateStatus).toBe(true);
    expect(caps(unit('gtps', '0.9.0')).updateStatus).toBe(false);
    expect(caps(unit('aligner-oasis', '1.0.0')).updateStatus).toBe(true);
    expect(caps(unit('aligner-oasis', '0.9.9')).updateStatus).toBe(false);
  });

  it('when the version has a suffix, then only the semantic part is gated', () => {
    // console-core §5: using the semantic part of the version before the first underscore or space
    expect(caps(unit('aligner', '4.3.0_beta build')).updateStatus).toBe(true);
    expect(caps(unit('aligner', '4.10.0 x')).activate).toBe(true);
  });

  it('when resetting a serial, then aligners need 4.3.0 and gtps or oasis always can', () => {
    // console-core §5: Reset serial: 4.3.0 or newer, or family gtps or aligner-oasis
    expect(caps(unit('aligner', '4.3.0')).resetSerial).toBe(true);
    expect(caps(unit('aligner', '4.2.0')).resetSerial).toBe(false);
    expect(caps(unit('gtps', '0.1.0')).resetSerial).toBe(true);
    expect(caps(unit('aligner-oasis', 'garbage')).resetSerial).toBe(true);
  });

  it('when an aligner is headless, then it has no screenshot button; gtps and oasis always have one', () => {
    // console-core §5: Screenshot button: 4.3.0 or newer and system class not DRAGON_HEADLESS, or gtps, or aligner-oasis
    expect(caps(unit('aligner', '4.3.0', { systemClass: 'DRAGON' })).screenshot).toBe(true);
    expect(caps(unit('aligner', '4.3.0', { systemClass: 'DRAGON_HEADLESS' })).screenshot).toBe(false);
    expect(caps(unit('aligner', '4.2.0', { systemClass: 'DRAGON' })).screenshot).toBe(false);
    expect(caps(unit('gtps', '0.5.0', { systemClass: 'DRAGON_HEADLESS' })).screenshot).toBe(true);
    expect(caps(unit('aligner-oasis', '0.5.0')).screenshot).toBe(true);
  });

  it('when listing screenshots, then aligner 4.3.0+ non-headless, gtps 1.0.0+ and oasis 1.0.0+ qualify', () => {
    // console-core §5: In the list: aligner 4.3.0+ non-headless, gtps 1.0.0+, or oasis 1.0.0+
    expect(caps(unit('aligner', '4.3.0')).screenshotInList).toBe(true);
    expect(caps(unit('aligner', '4.3.0', { systemClass: 'DRAGON_HEADLESS' })).screenshotInList).toBe(false);
    expect(caps(unit('gtps', '0.9.0')).screenshotInList).toBe(false);
    expect(caps(unit('gtps', '1.0.0')).screenshotInList).toBe(true);
    expect(caps(unit('aligner-oasis', '0.9.0')).screenshotInList).toBe(false);
    expect(caps(unit('aligner-oasis', '1.0.0')).screenshotInList).toBe(true);
  });

  it('when activating, then aligners need 4.4.0 and gtps or oasis always can', () => {
    // console-core §5: Activate: 4.4.0 or newer, or gtps or oasis
    expect(caps(unit('aligner', '4.4.0')).activate).toBe(true);
    expect(caps(unit('aligner', '4.3.9')).activate).toBe(false);
    expect(caps(unit('gtps', '0.1.0')).activate).toBe(true);
    expect(caps(unit('aligner-oasis', '0.1.0')).activate).toBe(true);
  });

  it('when changing the logging level, then oasis needs 1.0.0, gtps 1.2.0 and aligners 5.0.0', () => {
    // console-core §5: Logging level: oasis 1.0.0+, gtps 1.2.0+, others 5.0.0+
    expect(caps(unit('aligner-oasis', '1.0.0')).loggingLevel).toBe(true);
    expect(caps(unit('aligner-oasis', '0.9.0')).loggingLevel).toBe(false);
    expect(caps(unit('gtps', '1.2.0')).loggingLevel).toBe(true);
    expect(caps(unit('gtps', '1.1.9')).loggingLevel).toBe(false);
    expect(caps(unit('aligner', '5.0.0')).loggingLevel).toBe(true);
    expect(caps(unit('aligner', '4.9.9')).loggingLevel).toBe(false);
  });

  it('when board features are shown, then 5.0.0+ and present board features are needed', () => {
    // console-core §5: Board features: 5.0.0+ and boardFeatures present
    expect(caps(unit('aligner', '5.0.0', { boardFeatures: { numCameras: 4 } })).boardFeatures).toBe(true);
    expect(caps(unit('aligner', '5.0.0', { boardFeatures: null })).boardFeatures).toBe(false);
    expect(caps(unit('aligner', '5.0.0')).boardFeatures).toBe(false);
    expect(caps(unit('aligner', '4.9.0', { boardFeatures: { numCameras: 4 } })).boardFeatures).toBe(false);
  });

  it('when showing the specs version, then gtps needs 1.3.0 and others 5.0.0', () => {
    // console-core §5: Specs version: gtps 1.3.0+, others 5.0.0+
    expect(caps(unit('gtps', '1.3.0')).specsVersion).toBe(true);
    expect(caps(unit('gtps', '1.2.9')).specsVersion).toBe(false);
    expect(caps(unit('aligner', '5.0.0')).specsVersion).toBe(true);
    expect(caps(unit('aligner-oasis', '1.3.0')).specsVersion).toBe(false);
  });

  it('when using RCP, then 5.0.0+ and a DD aligner are needed', () => {
    // console-core §5: RCP: 5.0.0+ and isDDAligner true
    expect(caps(unit('aligner', '5.0.0', { boardFeatures: { isDDAligner: true } })).rcp).toBe(true);
    expect(caps(unit('aligner', '5.0.0', { boardFeatures: { isDDAligner: false } })).rcp).toBe(false);
    expect(caps(unit('aligner', '4.9.0', { boardFeatures: { isDDAligner: true } })).rcp).toBe(false);
  });

  it('when changing targets, then a DRAGON or DRAGON_HEADLESS with exactly 2 cameras is needed', () => {
    // console-core §5: Change Targets: system class DRAGON or DRAGON_HEADLESS and numCameras equal to 2
    const two = { boardFeatures: { numCameras: 2 } };
    expect(caps(unit('aligner', '1.0.0', { systemClass: 'DRAGON', ...two })).changeTargets).toBe(true);
    expect(caps(unit('aligner', '1.0.0', { systemClass: 'DRAGON_HEADLESS', ...two })).changeTargets).toBe(
      true,
    );
    expect(caps(unit('aligner', '1.0.0', { systemClass: 'OTHER', ...two })).changeTargets).toBe(false);
    expect(
      caps(unit('aligner', '1.0.0', { systemClass: 'DRAGON', boardFeatures: { numCameras: 4 } }))
        .changeTargets,
    ).toBe(false);
    expect(caps(unit('aligner', '1.0.0', { systemClass: 'DRAGON' })).changeTargets).toBe(false);
  });

  it('when the family is unknown, then no version gate opens', () => {
    // console-core §1: three families only
    expect(versionGateOpen('activate', 'truck', '9.9.9')).toBe(false);
    expect(caps({ family: 'truck' as Family, version: { semantic: '9.9.9' } }).activate).toBe(false);
  });

  it('when a version rises, then no version gate closes', () => {
    // console-core §5: every gate is "X or newer", so gates are monotonic in version
    const versionArb = fc
      .tuple(fc.nat({ max: 7 }), fc.nat({ max: 12 }), fc.nat({ max: 3 }))
      .map((p) => p.join('.'));
    const gated: (keyof UnitCapabilities)[] = [
      'updateStatus',
      'resetSerial',
      'screenshot',
      'screenshotInList',
      'activate',
      'loggingLevel',
      'boardFeatures',
      'specsVersion',
      'rcp',
      'changeTargets',
      'stagingSupported',
    ];
    fc.assert(
      fc.property(
        fc.constantFrom<Family>('aligner', 'gtps', 'aligner-oasis'),
        versionArb,
        versionArb,
        fc.constantFrom(null, 'DRAGON', 'DRAGON_HEADLESS', 'OTHER'),
        fc.option(fc.record({ numCameras: fc.nat({ max: 4 }), isDDAligner: fc.boolean() }), { nil: null }),
        (family, a, b, systemClass, boardFeatures) => {
          const [low, high] = compareVersions(a, b) <= 0 ? [a, b] : [b, a];
          const lowCaps = caps(unit(family, low, { systemClass, boardFeatures }));
          const highCaps = caps(unit(family, high, { systemClass, boardFeatures }));
          for (const key of gated) if (lowCaps[key]) expect(highCaps[key]).toBe(true);
        },
      ),
    );
    expect(Object.keys(VERSION_GATES)).toHaveLength(10);
  });
});

describe('staging', () => {
  it('when an aligner is below 4.0.0, then staging is unsupported and refused with a reason', () => {
    // console-core §5: Staging for the plain aligner family requires the current version to be 4.0.0 or newer
    const old = unit('aligner', '3.9.0');
    expect(caps(old)).toMatchObject({ stagingSupported: false, canStage: false, stageVersion: '5.2.0' });
    expect(stagingRefusal(old, latest)).toBe(
      'Aligner software 3.9.0 is below 4.0.0, the oldest version that supports staging.',
    );
  });

  it('when gtps or oasis is at any version below latest, then staging is allowed', () => {
    // console-core §5: the 4.0.0 staging rule is for the plain aligner family only
    expect(caps(unit('gtps', '0.1.0'))).toMatchObject({
      stagingSupported: true,
      canStage: true,
      stageVersion: '1.4.0',
    });
    expect(caps(unit('aligner-oasis', '1.0.0'))).toMatchObject({ canStage: true, stageVersion: '1.1.0' });
  });

  it('when the unit is below the latest and nothing is pending, then it can stage the latest', () => {
    // console-core §4: Staging: allowed only when the unit's version is below the family's latest
    expect(stagingRefusal(unit('aligner', '5.1.0'), latest)).toBeNull();
    expect(caps(unit('aligner', '5.1.0')).canStage).toBe(true);
  });

  it('when the unit already runs the latest or newer, then staging is refused', () => {
    // console-core §4: Staging: allowed only when the unit's version is below the family's latest
    expect(stagingRefusal(unit('aligner', '5.2.0_x'), latest)).toBe(
      'The unit already runs the latest version 5.2.0.',
    );
    expect(stagingRefusal(unit('aligner', '5.3.0'), latest)).toBe(
      'The unit runs 5.3.0, which is newer than the latest version 5.2.0.',
    );
  });

  it('when the latest or newer is already pending, then staging is refused', () => {
    // console-core §4: ... and nothing newer is already pending
    const u = unit('aligner', '5.0.0', { pendingSoftwareDownload: '5.2.0' });
    expect(stagingRefusal(u, latest)).toBe('Version 5.2.0 is already pending download.');
    expect(caps(u)).toMatchObject({ canStage: false, canUnstage: true });
  });

  it('when an older version is pending, then the latest can still be staged', () => {
    // console-core §4: nothing newer is already pending (decision: newer = at or above the latest)
    expect(caps(unit('aligner', '5.0.0', { pendingSoftwareDownload: '5.1.0' }))).toMatchObject({
      canStage: true,
      canUnstage: true,
    });
  });

  it('when the latest is downloading, then staging is refused', () => {
    // console-core §4: ... or downloading
    const u = unit('aligner', '5.0.0', {
      updateState: { downloading: true, softwareUpdateDownload: { version: { semantic: '5.2.0' } } },
    });
    expect(stagingRefusal(u, latest)).toBe('Version 5.2.0 is already downloading.');
    const notDownloading = unit('aligner', '5.0.0', {
      updateState: { downloading: false, softwareUpdateDownload: { version: { semantic: '5.2.0' } } },
    });
    expect(stagingRefusal(notDownloading, latest)).toBeNull();
  });

  it('when no latest is known for the family, then staging is refused and no stage version is offered', () => {
    // console-core §9: latest is tracked separately for aligner, gtps and oasis
    expect(stagingRefusal(unit('gtps', '1.0.0'), {})).toBe('No latest Tru-Point software version is known.');
    expect(caps(unit('gtps', '1.0.0')).stageVersion).toBe('1.4.0');
    expect(unitCapabilities(unit('gtps', '1.0.0'), { gtps: null }).stageVersion).toBeNull();
    expect(latestSemanticOf({ aligner: 'not a version' }, 'aligner')).toBeNull();
  });

  it('when the pending download is empty, then there is nothing to unstage', () => {
    // console-core §4: Unstage is shown whenever a pending download exists
    expect(caps(unit('aligner', '5.0.0', { pendingSoftwareDownload: '' })).canUnstage).toBe(false);
    expect(caps(unit('aligner', '5.0.0', { pendingSoftwareDownload: null })).canUnstage).toBe(false);
  });

  it('when the aligner version cannot be read, then staging is refused with a reason', () => {
    // console-core §5: staging needs 4.0.0 or newer; an unreadable version does not qualify (decision)
    expect(stagingRefusal(unit('aligner', 'beta'), latest)).toBe(
      'Aligner software version "beta" cannot be read; staging needs 4.0.0 or newer.',
    );
  });

  it('when canStage is computed, then it agrees with stagingRefusal for any version', () => {
    // console-core §4: the server refuses exactly when the console hides Stage
    fc.assert(
      fc.property(
        fc.constantFrom<Family>('aligner', 'gtps', 'aligner-oasis'),
        fc.tuple(fc.nat({ max: 6 }), fc.nat({ max: 4 }), fc.nat({ max: 2 })).map((p) => p.join('.')),
        fc.constantFrom('', '5.2.0', '1.4.0', '5.0.0'),
        (family, version, pending) => {
          const u = unit(family, version, { pendingSoftwareDownload: pending });
          expect(caps(u).canStage).toBe(stagingRefusal(u, latest) === null);
        },
      ),
    );
  });
});
