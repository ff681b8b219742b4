import { isUpdatingState, type Family, type MapLevel } from '@equipment-dashboard/domain';
import fc from 'fast-check';
import { UnitIndex, type IndexedUnit, type ListFilters, type MapGroupCount } from './unit-index';

const PLACES = [
  ['US', 'Texas', 'Austin'],
  ['US', 'Texas', 'Dallas'],
  ['US', 'Ohio', 'Akron'],
  ['DE', 'Hesse', 'Kassel'],
  ['UA', 'Kyiv', 'Kyiv'],
] as const;
const FAMILIES: Family[] = ['aligner', 'gtps', 'aligner-oasis'];
const VERSIONS = ['5.4.1', '5.3.0', '1.9.0'];
const STATES = ['TRY_INSERT_UPDATE', 'DOWNLOADING', 'INSTALLING_UPDATE', 'READY_TO_DOWNLOAD'];
const PREFIXES = ['AX', 'AY', 'TP'];

const unitArb = (i: number) =>
  fc
    .record({
      place: fc.integer({ min: 0, max: PLACES.length - 1 }),
      family: fc.constantFrom(...FAMILIES),
      version: fc.constantFrom(...VERSIONS),
      state: fc.constantFrom(...STATES),
      connected: fc.boolean(),
      prefix: fc.constantFrom(...PREFIXES),
    })
    .map(({ place, family, version, state, connected, prefix }): IndexedUnit => {
      const [countryCode, region, city] = PLACES[place] as readonly [string, string, string];
      return {
        serialNumber: `${prefix}${String(i).padStart(5, '0')}`,
        family,
        countryCode,
        versionSemantic: version,
        createdAt: i,
        updatedAt: i,
        connected,
        lastSeenOnlineAt: null,
        staged: false,
        autoStaged: false,
        stagedAt: null,
        state,
        desiredRev: 0,
        region,
        city,
      };
    });

const fleetArb = fc
  .integer({ min: 1, max: 40 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => unitArb(i))));

const filtersArb: fc.Arbitrary<ListFilters> = fc.record(
  {
    filterFamily: fc.constantFrom(...FAMILIES),
    filterSoftwareVersion: fc.constantFrom('5', '5.3', '1.'),
    filterCountryCode: fc.constantFrom('U', 'US', 'D'),
    filterSerialNumber: fc.constantFrom('A', 'AX', 'AX0', 'TP000'),
    filterConnected: fc.boolean(),
  },
  { requiredKeys: [] },
);

/** The map as a plain filter and group over every unit: what the index must answer. */
function reference(
  units: readonly IndexedUnit[],
  filters: ListFilters,
  level: MapLevel,
  drill: { country?: string; region?: string },
): MapGroupCount[] {
  const out = new Map<string, MapGroupCount>();
  for (const u of units) {
    if (filters.filterFamily && u.family !== filters.filterFamily) continue;
    if (filters.filterSoftwareVersion && !u.versionSemantic.startsWith(filters.filterSoftwareVersion))
      continue;
    if (filters.filterCountryCode && !u.countryCode.startsWith(filters.filterCountryCode.toUpperCase()))
      continue;
    if (filters.filterSerialNumber && !u.serialNumber.startsWith(filters.filterSerialNumber)) continue;
    if (filters.filterConnected !== undefined && u.connected !== filters.filterConnected) continue;
    if (drill.country !== undefined && u.countryCode !== drill.country) continue;
    if (drill.region !== undefined && u.region !== drill.region) continue;
    const region = level === 'country' ? null : (u.region as string);
    const city = level === 'city' ? (u.city as string) : null;
    const key = `${u.countryCode}/${region}/${city}`;
    const group = out.get(key) ?? {
      countryCode: u.countryCode,
      region,
      city,
      units: 0,
      connected: 0,
      updating: 0,
    };
    group.units += 1;
    group.connected += u.connected ? 1 : 0;
    group.updating += isUpdatingState(u.state) ? 1 : 0;
    out.set(key, group);
  }
  return sorted([...out.values()]);
}

const sorted = (groups: MapGroupCount[]) =>
  [...groups].sort((a, b) =>
    `${a.countryCode}/${a.region}/${a.city}` < `${b.countryCode}/${b.region}/${b.city}` ? -1 : 1,
  );

const DRILLS: [MapLevel, { country?: string; region?: string }][] = [
  ['country', {}],
  ['region', { country: 'US' }],
  ['city', { country: 'US', region: 'Texas' }],
  ['city', { country: 'US' }],
];

describe('the fleet map counts of the lists index', () => {
  it('when units are added, moved between values and removed, then every level with any filters is the plain sum of the units', () => {
    fc.assert(
      fc.property(fleetArb, fleetArb, filtersArb, (first, second, filters) => {
        const index = new UnitIndex(4);
        index.upsert(first);
        // The same serials, their values moved; then some leave.
        const now = first.map((u, i) => ({
          ...(second[i % second.length] as IndexedUnit),
          serialNumber: u.serialNumber,
        }));
        index.upsert(now);
        const gone = now.filter((_, i) => i % 5 === 4);
        index.remove(gone.map((u) => u.serialNumber));
        const left = now.filter((_, i) => i % 5 !== 4);
        for (const [level, drill] of DRILLS) {
          expect(sorted(index.fleetMap(filters, level, drill))).toEqual(
            reference(left, filters, level, drill),
          );
        }
        // The map's totals are the equipment list's for the same filters.
        const total = index.fleetMap(filters, 'country').reduce((n, g) => n + g.units, 0);
        expect(total).toBe(index.equipmentCounts(filters).total);
      }),
      { numRuns: 150 },
    );
  });

  it('when a change record carries no place, then the unit keeps its place; a unit new to the index without one is placeless until read back', () => {
    const index = new UnitIndex(4);
    const [a] = fc.sample(unitArb(1), { numRuns: 1, seed: 7 }) as IndexedUnit[];
    const placed = { ...(a as IndexedUnit), countryCode: 'US', region: 'Ohio', city: 'Akron' };
    index.upsert([placed]);
    const { region: _r, city: _c, ...withoutPlace } = placed;
    index.upsert([{ ...withoutPlace, connected: !placed.connected }]);
    expect(index.placeOf(placed.serialNumber)).toEqual({ countryCode: 'US', region: 'Ohio', city: 'Akron' });
    expect(index.hasPlaceless).toBe(false);

    index.upsert([{ ...withoutPlace, serialNumber: 'ZZ00001' }]);
    expect(index.takePlaceless()).toEqual(['ZZ00001']);
    expect(index.placeOf('ZZ00001')).toEqual({ countryCode: 'US', region: '', city: '' });
    // A record that moves the unit to another country leaves its place unknown until it is read back.
    index.upsert([{ ...withoutPlace, countryCode: 'DE' }]);
    expect(index.takePlaceless()).toEqual([placed.serialNumber]);
  });

  it('when a unit changes only what the map does not count, then the map revision stays', () => {
    const index = new UnitIndex(4);
    const [a] = fc.sample(unitArb(2), { numRuns: 1, seed: 3 }) as IndexedUnit[];
    index.upsert([a as IndexedUnit]);
    const revision = index.mapRevision;
    index.upsert([{ ...(a as IndexedUnit), updatedAt: 99 }]);
    expect(index.mapRevision).toBe(revision);
    index.upsert([{ ...(a as IndexedUnit), connected: !(a as IndexedUnit).connected }]);
    expect(index.mapRevision).toBeGreaterThan(revision);
  });
});
