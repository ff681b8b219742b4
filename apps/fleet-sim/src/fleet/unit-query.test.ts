import fc from 'fast-check';
import { FleetState } from './fleet-state';
import { queryUnits, scanUnits, type UnitQuery } from './unit-query';
import type { UnitRuntime } from './unit-runtime';

function unit(serialNumber: string, family: UnitRuntime['family'], versionSemantic: string, countryCode: string, at: number): UnitRuntime {
  return {
    serialNumber,
    family,
    versionSemantic,
    versionMeta: '',
    specsName: null,
    systemClass: 'DRAGON',
    numCameras: 2,
    isDDAligner: false,
    logLevel: 'WARN',
    targetType: null,
    countryCode,
    geolocation: { continent_name: '', country_name: '', region: '', city: '', country_code: countryCode, time_zone: { name: 'UTC', offset: 0 } },
    connected: false,
    connectCount: 0,
    port: null,
    address: null,
    currentProcedure: null,
    alignmentCount: 0,
    pendingSoftwareDownload: '',
    staging: { isStaged: false, autoStaged: false, stagedVersion: null, stagedAt: null, path: null },
    flow: null,
    idleState: 'TRY_INSERT_UPDATE',
    busyUntil: null,
    lastSeenOnlineAt: null,
    sshPortOpenUntil: null,
    flapping: false,
    createdAt: at,
    updatedAt: at * 7,
  };
}

function stateOf(units: UnitRuntime[]): FleetState {
  const state = new FleetState();
  units.forEach((u) => state.add(u));
  return state;
}

const source = (state: FleetState) => ({
  units: state.units.values(),
  bySerial: state.bySerial,
  lowerBound: (s: string) => state.lowerBound(s),
  familyTotal: (f: string) => state.aggregates.total[f as UnitRuntime['family']],
});

describe('the equipment list from memory (console-core §7 read/aligners)', () => {
  const arbUnits = fc.uniqueArray(
    fc.record({
      serial: fc.stringMatching(/^[A-D][A-D0-9]{7}$/),
      family: fc.constantFrom<UnitRuntime['family']>('aligner', 'gtps', 'aligner-oasis'),
      version: fc.constantFrom('2.9.0', '2.10.0', '5.0.1', '4.3.0', 'unknown'),
      country: fc.constantFrom('US', 'DE', 'BR'),
    }),
    { selector: (u) => u.serial, maxLength: 80 },
  );
  const arbQuery = fc.record({
    page: fc.integer({ min: 1, max: 4 }),
    filterSerialNumber: fc.option(fc.constantFrom('a', 'B', 'C1', 'D0'), { nil: undefined }),
    filterFamily: fc.option(fc.constantFrom('aligner', 'gtps', 'aligner-oasis'), { nil: undefined }),
    sortDesc: fc.boolean(),
  });

  it('when the default order is read the fast way, then it equals a full scan', () => {
    fc.assert(
      fc.property(arbUnits, arbQuery, (raw, query: UnitQuery) => {
        const state = stateOf(raw.map((u, i) => unit(u.serial, u.family, u.version, u.country, i)));
        expect(queryUnits(source(state), query)).toEqual(scanUnits(state.units.values(), query));
      }),
    );
  });

  it('when sorted by software version, then versions sort as versions (2.10.0 after 2.9.0), unreadable first', () => {
    const state = stateOf([unit('A1', 'aligner', '2.10.0', 'US', 1), unit('A2', 'aligner', '2.9.0', 'US', 2), unit('A3', 'aligner', 'unknown', 'US', 3)]);
    expect(queryUnits(source(state), { page: 1, sortBy: 'softwareVersion' }).serials).toEqual(['A3', 'A2', 'A1']);
  });

  it('when a unit is renamed or removed, then the serial order follows', () => {
    const a = unit('B1', 'gtps', '1.0.0', 'DE', 1);
    const state = stateOf([unit('A1', 'gtps', '1.0.0', 'DE', 1), a, unit('C1', 'gtps', '1.0.0', 'DE', 1)]);
    state.rename(a, 'Z9');
    expect(state.bySerial.map((u) => u.serialNumber)).toEqual(['A1', 'C1', 'Z9']);
    state.remove(a);
    expect(queryUnits(source(state), { page: 1 })).toEqual({ serials: ['A1', 'C1'], total: 2 });
  });

  it('when filtered by country and sorted by update time, then the newest matching units come first', () => {
    const state = stateOf([unit('A1', 'gtps', '1', 'US', 1), unit('A2', 'gtps', '1', 'DE', 5), unit('A3', 'gtps', '1', 'US', 9)]);
    expect(queryUnits(source(state), { page: 1, filterCountryCode: 'us', sortBy: 'updatedAt', sortDesc: true })).toEqual({ serials: ['A3', 'A1'], total: 2 });
  });
});
