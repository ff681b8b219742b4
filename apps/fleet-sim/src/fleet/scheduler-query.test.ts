import { SCHEDULER_SORT_FIELDS } from '@equipment-dashboard/api';
import { compareVersions, PAGE_SIZE } from '@equipment-dashboard/domain';
import fc from 'fast-check';
import { runtimeFromRow } from './runtime-codec';
import { scanSchedulerUnits, updaterStateOf, type SchedulerQuery } from './scheduler-query';
import { startFlow } from './update-flow';
import type { UnitRuntime } from './unit-runtime';
import { Rng } from '../seed/random';

const NOW = Date.parse('2025-06-01T12:00:00.000Z');

/**
 * A unit as the engine loads one from the store (so that every field of UnitRuntime has its real
 * default), with the fields a test sets.
 */
function unit(fields: Partial<UnitRuntime> & Pick<UnitRuntime, 'serialNumber'>): UnitRuntime {
  const loaded = runtimeFromRow(
    {
      serialNumber: fields.serialNumber,
      family: 'aligner',
      versionSemantic: '5.0.0',
      versionMeta: '',
      specs: null,
      systemClass: 'DRAGON',
      boardFeatures: { numCameras: 2 },
      logLevel: 'WARN',
      targetType: null,
      countryCode: 'US',
      geolocation: { continent_name: 'North America', country_name: 'United States', region: 'Ohio', city: 'Columbus', country_code: 'US', time_zone: { name: 'America/New_York', offset: -18000 } },
      connected: false,
      connectCount: 0,
      port: null,
      address: null,
      currentProcedure: null,
      alignmentCount: 0,
      pendingSoftwareDownload: '',
      updateState: { state: 'TRY_INSERT_UPDATE' },
      staging: { isStaged: false, autoStaged: false, stagedVersion: null, stagedAt: null, path: null },
      lastSeenOnlineAt: null,
      sshPortOpenUntil: null,
      createdAt: new Date(1),
      updatedAt: new Date(2),
    },
    NOW,
  );
  if (!loaded) throw new Error('not a unit');
  return { ...loaded, ...fields };
}

function staged(serialNumber: string, semantic: string, stagedAt: string, auto = false): UnitRuntime {
  const target = { semantic, meta: '', path: `/updates/aligner/${semantic}` };
  return unit({
    serialNumber,
    pendingSoftwareDownload: semantic,
    staging: {
      isStaged: true,
      autoStaged: auto,
      stagedVersion: { semantic, meta: '' },
      stagedAt,
      path: target.path,
    },
    flow: startFlow(target, 'aligner', NOW, new Rng('t')),
  });
}

const query = (q: Partial<SchedulerQuery> = {}): SchedulerQuery => ({ family: 'aligner', page: 1, ...q });
const serials = (r: { units: UnitRuntime[] }) => r.units.map((u) => u.serialNumber);

describe('the update scheduler list from memory (back-office §2.4, §7.3)', () => {
  const fleet = [
    unit({
      serialNumber: 'AXB00003',
      countryCode: 'DE',
      versionSemantic: '5.10.0',
      connected: true,
      lastSeenOnlineAt: NOW - 1000,
    }),
    unit({
      serialNumber: 'AXB00001',
      countryCode: 'US',
      versionSemantic: '5.9.0',
      lastSeenOnlineAt: NOW - 5000,
    }),
    staged('AXA00002', '5.4.2', '2025-05-30T10:00:00.000Z', true),
    staged('AXA00004', '5.4.2', '2025-05-31T10:00:00.000Z'),
    unit({ serialNumber: 'GTA00001', family: 'gtps', versionSemantic: '1.5.0' }),
    unit({ serialNumber: 'AXC00009', idleState: 'INSTALLATION_COMPLETE', busyUntil: NOW + 5000 }),
  ];

  it('when a family is listed, then only its units come, in serial order', () => {
    expect(serials(scanSchedulerUnits(fleet, query(), NOW))).toEqual([
      'AXA00002',
      'AXA00004',
      'AXB00001',
      'AXB00003',
      'AXC00009',
    ]);
    expect(serials(scanSchedulerUnits(fleet, query({ family: 'gtps' }), NOW))).toEqual(['GTA00001']);
  });

  it('when the family filter names another family, then the list is empty', () => {
    expect(scanSchedulerUnits(fleet, query({ filterFamily: 'gtps' }), NOW)).toEqual({ units: [], total: 0 });
  });

  it('when text filters are given, then they match the start of the value ignoring case', () => {
    expect(serials(scanSchedulerUnits(fleet, query({ filterSerialNumber: 'axb' }), NOW))).toEqual([
      'AXB00001',
      'AXB00003',
    ]);
    expect(serials(scanSchedulerUnits(fleet, query({ filterCountryCode: 'd' }), NOW))).toEqual(['AXB00003']);
    expect(serials(scanSchedulerUnits(fleet, query({ filterSoftwareVersion: '5.1' }), NOW))).toEqual([
      'AXB00003',
    ]);
  });

  it('when the state filter is given, then it matches the live updater state key', () => {
    expect(updaterStateOf(fleet[5] as UnitRuntime, NOW)).toBe('BUSY');
    expect(serials(scanSchedulerUnits(fleet, query({ filterState: 'ready_to' }), NOW))).toEqual([
      'AXA00002',
      'AXA00004',
    ]);
    expect(serials(scanSchedulerUnits(fleet, query({ filterState: 'busy' }), NOW))).toEqual(['AXC00009']);
  });

  it('when Connected or Staged is ticked, then only those units come', () => {
    expect(serials(scanSchedulerUnits(fleet, query({ onlyConnected: true }), NOW))).toEqual(['AXB00003']);
    expect(serials(scanSchedulerUnits(fleet, query({ onlyStaged: true }), NOW))).toEqual([
      'AXA00002',
      'AXA00004',
    ]);
  });

  it('when sorted by version, then versions compare as semver (5.10.0 after 5.9.0)', () => {
    expect(
      serials(scanSchedulerUnits(fleet, query({ sortBy: 'softwareVersion', sortDesc: true }), NOW)).slice(
        0,
        2,
      ),
    ).toEqual(['AXB00003', 'AXB00001']);
  });

  it('when sorted by staged time or last online, then units without one come last in both directions', () => {
    expect(serials(scanSchedulerUnits(fleet, query({ sortBy: 'stagedAt' }), NOW)).slice(0, 2)).toEqual([
      'AXA00002',
      'AXA00004',
    ]);
    expect(
      serials(scanSchedulerUnits(fleet, query({ sortBy: 'stagedAt', sortDesc: true }), NOW)).slice(0, 2),
    ).toEqual(['AXA00004', 'AXA00002']);
    expect(
      serials(scanSchedulerUnits(fleet, query({ sortBy: 'lastSeenOnlineAt', sortDesc: true }), NOW)).slice(
        0,
        2,
      ),
    ).toEqual(['AXB00003', 'AXB00001']);
  });

  it('when any filters, sort and page are asked, then the page equals the same page of a full filter and sort', () => {
    const arbUnit = fc.record({
      serialNumber: fc.stringMatching(/^[A-C][A-C0-9]{7}$/),
      family: fc.constantFrom<UnitRuntime['family']>('aligner', 'gtps', 'aligner-oasis'),
      versionSemantic: fc.constantFrom('4.3.0', '5.9.0', '5.10.0', '1.5.0'),
      countryCode: fc.constantFrom('US', 'DE', 'BR'),
      connected: fc.boolean(),
      lastSeenOnlineAt: fc.option(fc.integer({ min: 0, max: 1000 }), { nil: null }),
      idleState: fc.constantFrom('TRY_INSERT_UPDATE', 'INSTALLATION_COMPLETE'),
      createdAt: fc.integer({ min: 0, max: 50 }),
    });
    const arbQuery = fc.record({
      family: fc.constantFrom<UnitRuntime['family']>('aligner', 'gtps', 'aligner-oasis'),
      page: fc.integer({ min: 1, max: 4 }),
      sortBy: fc.constantFrom(...SCHEDULER_SORT_FIELDS),
      sortDesc: fc.boolean(),
      onlyConnected: fc.boolean(),
      filterCountryCode: fc.option(fc.constantFrom('U', 'de', 'B'), { nil: undefined }),
      filterState: fc.option(fc.constantFrom('try', 'INSTALL'), { nil: undefined }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(arbUnit, { selector: (u) => u.serialNumber, maxLength: 60 }),
        arbQuery,
        (fields, q) => {
          const units = fields.map((f) => unit(f));
          const expected = units
            .filter((u) => u.family === q.family && (!q.onlyConnected || u.connected))
            .filter(
              (u) => !q.filterCountryCode || u.countryCode.startsWith(q.filterCountryCode.toUpperCase()),
            )
            .filter((u) => !q.filterState || u.idleState.startsWith(q.filterState.toUpperCase()));
          const got = scanSchedulerUnits(units, q, NOW);
          expect(got.total).toBe(expected.length);
          const key = (u: UnitRuntime): number | string | null =>
            q.sortBy === 'serialNumber'
              ? u.serialNumber
              : q.sortBy === 'countryCode'
                ? u.countryCode
                : q.sortBy === 'family'
                  ? u.family
                  : q.sortBy === 'lastSeenOnlineAt'
                    ? u.lastSeenOnlineAt
                    : q.sortBy === 'stagedAt'
                      ? null
                      : q.sortBy === 'state'
                        ? u.idleState
                        : q.sortBy === 'createdAt'
                          ? u.createdAt
                          : q.sortBy === 'updatedAt'
                            ? u.updatedAt
                            : u.versionSemantic;
          const sign = q.sortDesc ? -1 : 1;
          const sorted = [...expected].sort((a, b) => {
            const [ka, kb] = [key(a), key(b)];
            if (ka === null || kb === null) {
              if (ka !== kb) return ka === null ? 1 : -1;
            } else {
              const c =
                q.sortBy === 'softwareVersion'
                  ? compareVersions(String(ka), String(kb))
                  : typeof ka === 'number' && typeof kb === 'number'
                    ? ka - kb
                    : String(ka) < String(kb)
                      ? -1
                      : String(ka) > String(kb)
                        ? 1
                        : 0;
              if (c !== 0) return sign * c;
            }
            return sign * (a.serialNumber < b.serialNumber ? -1 : 1);
          });
          const start = (q.page - 1) * PAGE_SIZE;
          expect(serials(got)).toEqual(sorted.slice(start, start + PAGE_SIZE).map((u) => u.serialNumber));
          // With the units at hand in serial order, the default order needs no sorted buffer: same answer.
          const bySerial = [...units].sort((a, b) => (a.serialNumber < b.serialNumber ? -1 : 1));
          expect(scanSchedulerUnits(units, q, NOW, bySerial)).toEqual(got);
        },
      ),
      { numRuns: 200 },
    );
  });
});
