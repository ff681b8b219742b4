import { SCHEDULER_SORT_FIELDS } from '@equipment-dashboard/contract';
import { compareVersions, PAGE_SIZE, type Family } from '@equipment-dashboard/domain';
import fc from 'fast-check';
import { UnitIndex, type IndexedUnit, type SchedulerQuery, type UnitQuery } from './unit-index';

function unit(fields: Partial<IndexedUnit> & Pick<IndexedUnit, 'serialNumber'>): IndexedUnit {
  return {
    family: 'aligner',
    countryCode: 'US',
    versionSemantic: '5.0.0',
    createdAt: 1,
    updatedAt: 2,
    connected: false,
    lastSeenOnlineAt: null,
    staged: false,
    autoStaged: false,
    stagedAt: null,
    state: 'TRY_INSERT_UPDATE',
    desiredRev: 0,
    ...fields,
  };
}

/** Blocks of the timestamp orders this small make a few dozen units split, merge and pack them. */
const BLOCK = 4;

function indexOf(units: IndexedUnit[]): UnitIndex {
  const index = new UnitIndex(BLOCK);
  index.upsert(units);
  return index;
}

/**
 * The same units reached the long way: first as other units (each column moved to another unit's value, some
 * units that then leave), then as themselves, so that the counts kept per combination of columns have moved.
 */
function changedIndexOf(units: IndexedUnit[]): UnitIndex {
  const index = new UnitIndex(BLOCK);
  const other = (i: number) => units[(i + 1) % units.length] as IndexedUnit;
  index.upsert(units.map((u, i) => ({ ...other(i), serialNumber: u.serialNumber, desiredRev: 0 })));
  index.upsert(units.map((u) => ({ ...u, serialNumber: `${u.serialNumber}-gone` })));
  index.pack();
  index.upsert(units);
  index.remove(units.map((u) => `${u.serialNumber}-gone`));
  return index;
}

const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const versionCompare = (a: string, b: string) => {
  const ok = (v: string) => /^\d+\.\d+/.test(v);
  if (ok(a) !== ok(b)) return ok(a) ? 1 : -1;
  return (ok(a) ? compareVersions(a, b) : 0) || text(a, b);
};

/** The list as a plain filter and sort over every unit: what the index must answer, page by page. */
function reference(
  units: IndexedUnit[],
  accept: (u: IndexedUnit) => boolean,
  key: (u: IndexedUnit) => number | string | null,
  desc: boolean,
  version: boolean,
  page: number,
) {
  const sign = desc ? -1 : 1;
  const sorted = units.filter(accept).sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    if (ka === null || kb === null) {
      if (ka !== kb) return ka === null ? 1 : -1;
    } else {
      const c = version
        ? versionCompare(String(ka), String(kb))
        : typeof ka === 'number' && typeof kb === 'number'
          ? ka - kb
          : text(String(ka), String(kb));
      if (c !== 0) return sign * c;
    }
    return sign * text(a.serialNumber, b.serialNumber);
  });
  const start = (page - 1) * PAGE_SIZE;
  return { serials: sorted.slice(start, start + PAGE_SIZE).map((u) => u.serialNumber), total: sorted.length };
}

/** Every page of a list, one after the other, until its total: what an export of the list must answer. */
function everyPage(pageOf: (page: number) => { serials: string[]; total: number }): string[] {
  const first = pageOf(1);
  const serials = [...first.serials];
  for (let page = 2; (page - 1) * PAGE_SIZE < first.total; page++) serials.push(...pageOf(page).serials);
  expect(serials).toHaveLength(first.total);
  return serials;
}

const arbUnit = fc.record({
  // Varied lengths over few characters: serials that are prefixes of others ('A1', 'A1B', 'A1B0').
  serialNumber: fc.stringMatching(/^[A-D][A-D0-9]{0,8}$/),
  family: fc.constantFrom<Family>('aligner', 'gtps', 'aligner-oasis'),
  versionSemantic: fc.constantFrom('2.9.0', '2.10.0', '5.0.1', '4.3.0', '5.10.0', 'unknown'),
  countryCode: fc.constantFrom('US', 'DE', 'BR'),
  createdAt: fc.integer({ min: 0, max: 50 }),
  updatedAt: fc.integer({ min: 0, max: 50 }),
  connected: fc.boolean(),
  lastSeenOnlineAt: fc.option(fc.integer({ min: 0, max: 1000 }), { nil: null }),
  staged: fc.boolean(),
  stagedAt: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
  state: fc.constantFrom('TRY_INSERT_UPDATE', 'INSTALLATION_COMPLETE', 'READY_TO_DOWNLOAD', 'BUSY'),
});
const arbUnits = fc.uniqueArray(
  arbUnit.map((u) => unit({ ...u, autoStaged: false })),
  { selector: (u) => u.serialNumber, maxLength: 80 },
);

describe('the lists index (read-models/unit-index.ts)', () => {
  it('when any equipment list query is asked, then the page and total equal a full filter and sort', () => {
    const arbQuery = fc.record({
      page: fc.integer({ min: 1, max: 4 }),
      // Up to two characters the counts answer totals; a longer prefix is walked (HEAD_LENGTH).
      filterSerialNumber: fc.option(fc.constantFrom('a', 'B', 'C1', 'D0', 'A1b', 'cd'), { nil: undefined }),
      filterFamily: fc.option(fc.constantFrom('aligner', 'gtps', 'aligner-oasis'), { nil: undefined }),
      filterCountryCode: fc.option(fc.constantFrom('u', 'DE'), { nil: undefined }),
      filterSoftwareVersion: fc.option(fc.constantFrom('5.', '2.1'), { nil: undefined }),
      sortBy: fc.constantFrom<NonNullable<UnitQuery['sortBy']>>(
        'serialNumber',
        'countryCode',
        'family',
        'softwareVersion',
        'createdAt',
        'updatedAt',
      ),
      sortDesc: fc.boolean(),
    });
    fc.assert(
      fc.property(arbUnits, arbQuery, (units, q) => {
        const accept = (u: IndexedUnit) =>
          (!q.filterFamily || u.family === q.filterFamily) &&
          (!q.filterSerialNumber || u.serialNumber.startsWith(q.filterSerialNumber.toUpperCase())) &&
          (!q.filterCountryCode || u.countryCode.startsWith(q.filterCountryCode.toUpperCase())) &&
          (!q.filterSoftwareVersion || u.versionSemantic.startsWith(q.filterSoftwareVersion));
        const key = (u: IndexedUnit) =>
          q.sortBy === 'serialNumber' ? 0 : q.sortBy === 'softwareVersion' ? u.versionSemantic : u[q.sortBy];
        const expected = reference(units, accept, key, q.sortDesc, q.sortBy === 'softwareVersion', q.page);
        expect(indexOf(units).queryEquipment(q)).toEqual(expected);
        expect(changedIndexOf(units).queryEquipment(q)).toEqual(expected);
        const index = changedIndexOf(units);
        expect([...index.equipmentSerials(q)]).toEqual(
          everyPage((page) => index.queryEquipment({ ...q, page })),
        );
        const everyMatch = units
          .filter(accept)
          .map((u) => u.serialNumber)
          .sort();
        expect(changedIndexOf(units).serialsMatchingEquipment(q)).toEqual(everyMatch);
      }),
      { numRuns: 300 },
    );
  });

  it('when the units span many blocks of the serial order and change, then pages that pass over blocks equal a full filter and sort', () => {
    // Blocks of 4 positions: a few hundred units are a hundred blocks, most of which a narrow filter passes over.
    const many = fc.uniqueArray(
      arbUnit.map((u) => unit({ ...u, autoStaged: false })),
      { selector: (u) => u.serialNumber, minLength: 150, maxLength: 400 },
    );
    const arbQuery = fc.record({
      page: fc.integer({ min: 1, max: 12 }),
      filterFamily: fc.option(fc.constantFrom('aligner', 'gtps', 'aligner-oasis'), { nil: undefined }),
      filterCountryCode: fc.option(fc.constantFrom('BR', 'DE'), { nil: undefined }),
      filterSoftwareVersion: fc.option(fc.constantFrom('5.1', '2.9', 'unk'), { nil: undefined }),
      sortBy: fc.constantFrom<NonNullable<UnitQuery['sortBy']>>('serialNumber', 'family', 'softwareVersion'),
      sortDesc: fc.boolean(),
    });
    fc.assert(
      fc.property(many, arbQuery, (units, q) => {
        const accept = (u: IndexedUnit) =>
          (!q.filterFamily || u.family === q.filterFamily) &&
          (!q.filterCountryCode || u.countryCode === q.filterCountryCode) &&
          (!q.filterSoftwareVersion || u.versionSemantic.startsWith(q.filterSoftwareVersion));
        const key = (u: IndexedUnit) =>
          q.sortBy === 'serialNumber' ? 0 : q.sortBy === 'softwareVersion' ? u.versionSemantic : u.family;
        const expected = reference(units, accept, key, q.sortDesc, q.sortBy === 'softwareVersion', q.page);
        expect(changedIndexOf(units).queryEquipment(q)).toEqual(expected);
        // Units that were others first (another family, country and version), then changed one write at a time:
        // each write moves a unit out of one block's counts and into another's.
        const other = (i: number) => units[(i + 7) % units.length] as IndexedUnit;
        const index = indexOf(
          units.map((u, i) => ({
            ...u,
            family: other(i).family,
            countryCode: other(i).countryCode,
            versionSemantic: other(i).versionSemantic,
          })),
        );
        units.forEach((u) => index.upsert([u]));
        expect(index.queryEquipment(q)).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  });

  it('when any scheduler query is asked, then the page and total equal a full filter and sort, units without a value last', () => {
    const arbQuery = fc.record({
      family: fc.constantFrom<Family>('aligner', 'gtps', 'aligner-oasis'),
      page: fc.integer({ min: 1, max: 4 }),
      sortBy: fc.constantFrom(...SCHEDULER_SORT_FIELDS),
      sortDesc: fc.boolean(),
      onlyConnected: fc.boolean(),
      onlyStaged: fc.boolean(),
      filterSerialNumber: fc.option(fc.constantFrom('a', 'b1', 'B1c'), { nil: undefined }),
      filterCountryCode: fc.option(fc.constantFrom('U', 'de', 'B'), { nil: undefined }),
      filterState: fc.option(fc.constantFrom('try', 'INSTALL', 'ready_to'), { nil: undefined }),
      filterSoftwareVersion: fc.option(fc.constantFrom('5.1', 'UNK'), { nil: undefined }),
    });
    fc.assert(
      fc.property(arbUnits, arbQuery, (units, q: SchedulerQuery) => {
        const accept = (u: IndexedUnit) =>
          u.family === q.family &&
          (!q.onlyConnected || u.connected) &&
          (!q.onlyStaged || u.staged) &&
          (!q.filterSerialNumber || u.serialNumber.startsWith(q.filterSerialNumber.toUpperCase())) &&
          (!q.filterCountryCode || u.countryCode.startsWith(q.filterCountryCode.toUpperCase())) &&
          (!q.filterState || u.state.startsWith(q.filterState.toUpperCase())) &&
          (!q.filterSoftwareVersion ||
            u.versionSemantic.toLowerCase().startsWith(q.filterSoftwareVersion.toLowerCase()));
        const key = (u: IndexedUnit): number | string | null => {
          switch (q.sortBy) {
            case 'serialNumber':
            case 'family':
              return 0;
            case 'stagedAt':
              return u.staged ? u.stagedAt : null;
            case 'lastSeenOnlineAt':
              return u.lastSeenOnlineAt;
            case 'softwareVersion':
              return u.versionSemantic;
            case 'state':
              return u.state;
            default:
              return u[q.sortBy ?? 'createdAt'];
          }
        };
        const expected = reference(
          units,
          accept,
          key,
          Boolean(q.sortDesc),
          q.sortBy === 'softwareVersion',
          q.page,
        );
        expect(indexOf(units).queryScheduler(q)).toEqual(expected);
        expect(changedIndexOf(units).queryScheduler(q)).toEqual(expected);
        const index = changedIndexOf(units);
        expect([...index.schedulerSerials(q)]).toEqual(
          everyPage((page) => index.queryScheduler({ ...q, page })),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('when a whole list is exported, then its serials are every page of the list one after the other, in any order of any column', () => {
    // Serials sharing prefixes longer than the counts keep, so that such a filter still matches many.
    const serial = fc.stringMatching(/^(A1B|C1A|B)[A-D0-9]{0,4}$/);
    const manyUnits = fc.uniqueArray(
      fc.tuple(arbUnit, serial).map(([u, serialNumber]) => unit({ ...u, serialNumber, autoStaged: false })),
      { selector: (u) => u.serialNumber, minLength: 12, maxLength: 60 },
    );
    const arbSort = fc.record({
      family: fc.constantFrom<Family>('aligner', 'gtps', 'aligner-oasis'),
      sortBy: fc.constantFrom(...SCHEDULER_SORT_FIELDS),
      sortDesc: fc.boolean(),
      // A serial prefix longer than the counts keep sorts its range by key instead of walking the orders.
      filterSerialNumber: fc.option(fc.constantFrom('a', 'B1', 'C1a'), { nil: undefined }),
      onlyConnected: fc.boolean(),
    });
    fc.assert(
      fc.property(manyUnits, arbSort, (units, q) => {
        const index = changedIndexOf(units);
        const { family, onlyConnected, ...listQuery } = q;
        const equipmentQuery = { ...listQuery, sortBy: listQuery.sortBy as UnitQuery['sortBy'] };
        if (
          (
            ['serialNumber', 'countryCode', 'family', 'softwareVersion', 'createdAt', 'updatedAt'] as const
          ).some((s) => s === q.sortBy)
        ) {
          expect([...index.equipmentSerials(equipmentQuery)]).toEqual(
            everyPage((page) => index.queryEquipment({ ...equipmentQuery, page })),
          );
        }
        const schedulerQuery = { ...listQuery, family, onlyConnected };
        expect([...index.schedulerSerials(schedulerQuery)]).toEqual(
          everyPage((page) => index.queryScheduler({ ...schedulerQuery, page })),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('when sorted by software version, then versions sort as versions (2.10.0 after 2.9.0), unreadable first', () => {
    const index = indexOf([
      unit({ serialNumber: 'A1', versionSemantic: '2.10.0' }),
      unit({ serialNumber: 'A2', versionSemantic: '2.9.0' }),
      unit({ serialNumber: 'A3', versionSemantic: 'unknown' }),
    ]);
    expect(index.queryEquipment({ page: 1, sortBy: 'softwareVersion' }).serials).toEqual(['A3', 'A2', 'A1']);
  });

  it('when units change, arrive out of order and leave, then the lists and totals follow', () => {
    const index = indexOf([
      unit({ serialNumber: 'B1', family: 'gtps' }),
      unit({ serialNumber: 'C1', family: 'gtps' }),
    ]);
    index.upsert([
      unit({ serialNumber: 'A1', family: 'gtps' }),
      unit({ serialNumber: 'B1', family: 'aligner' }),
    ]);
    expect(index.queryEquipment({ page: 1 })).toEqual({ serials: ['A1', 'B1', 'C1'], total: 3 });
    expect(index.queryEquipment({ page: 1, filterFamily: 'gtps' })).toEqual({
      serials: ['A1', 'C1'],
      total: 2,
    });
    index.remove(['B1', 'NOPE']);
    expect(index.queryEquipment({ page: 1, sortBy: 'family', sortDesc: true })).toEqual({
      serials: ['C1', 'A1'],
      total: 2,
    });
    index.upsert([unit({ serialNumber: 'B0', family: 'gtps', updatedAt: 99 })]);
    expect(index.queryEquipment({ page: 1, sortBy: 'updatedAt', sortDesc: true }).serials[0]).toBe('B0');
    expect(index.serialsWhere('gtps', (s) => s.endsWith('1'))).toEqual(['A1', 'C1']);
    expect(index.size).toBe(3);
  });

  it('when the serial prefix is longer than the counts keep, then its range is walked for the total and any sort', () => {
    const index = indexOf([
      unit({ serialNumber: 'A1B0001', countryCode: 'DE', updatedAt: 5 }),
      unit({ serialNumber: 'A1B0002', countryCode: 'BR', updatedAt: 9, lastSeenOnlineAt: 3 }),
      unit({ serialNumber: 'A1B0003', countryCode: 'US', updatedAt: 1, family: 'gtps' }),
      unit({ serialNumber: 'A1C0001', countryCode: 'AR', updatedAt: 99 }),
    ]);
    expect(
      index.queryEquipment({ page: 1, filterSerialNumber: 'a1b', sortBy: 'updatedAt', sortDesc: true }),
    ).toEqual({ serials: ['A1B0002', 'A1B0001', 'A1B0003'], total: 3 });
    expect(index.queryEquipment({ page: 1, filterSerialNumber: 'A1B', sortBy: 'countryCode' })).toEqual({
      serials: ['A1B0002', 'A1B0001', 'A1B0003'],
      total: 3,
    });
    expect(
      index.queryScheduler({
        family: 'aligner',
        page: 1,
        filterSerialNumber: 'A1B',
        sortBy: 'lastSeenOnlineAt',
      }),
    ).toEqual({ serials: ['A1B0002', 'A1B0001'], total: 2 });
  });

  it('when a write seen with an older desired revision arrives, then it keeps the newer staging and state, and takes the rest', () => {
    const index = indexOf([
      unit({ serialNumber: 'A1', staged: true, stagedAt: 5, state: 'READY_TO_DOWNLOAD', desiredRev: 7 }),
    ]);
    index.upsert([unit({ serialNumber: 'A1', connected: true, updatedAt: 50, desiredRev: 6 })]);
    expect(
      index.queryScheduler({
        family: 'aligner',
        page: 1,
        onlyStaged: true,
        onlyConnected: true,
        filterState: 'ready',
      }),
    ).toEqual({ serials: ['A1'], total: 1 });
    expect(index.queryEquipment({ page: 1, sortBy: 'updatedAt' }).serials).toEqual(['A1']);
    index.upsert([unit({ serialNumber: 'A1', connected: true, desiredRev: 8 })]);
    expect(index.queryScheduler({ family: 'aligner', page: 1, onlyStaged: true })).toEqual({
      serials: [],
      total: 0,
    });
  });

  it('when a thousand units come and go in any order, then serial order, update-time order and family totals stay exact', () => {
    const index = new UnitIndex(8);
    const present = new Map<string, IndexedUnit>();
    const rng = (seed: number) => () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const next = rng(7);
    for (let i = 0; i < 3000; i++) {
      const serial = `S${Math.floor(next() * 1500)
        .toString()
        .padStart(5, '0')}`;
      if (next() < 0.3) {
        index.remove([serial]);
        present.delete(serial);
      } else {
        const u = unit({
          serialNumber: serial,
          family: next() < 0.5 ? 'gtps' : 'aligner',
          updatedAt: Math.floor(next() * 100),
        });
        index.upsert([u]);
        present.set(serial, u);
      }
    }
    const all = [...present.keys()].sort();
    const pages = Math.ceil(all.length / PAGE_SIZE);
    expect(index.queryEquipment({ page: pages }).serials).toEqual(all.slice((pages - 1) * PAGE_SIZE));
    expect(index.queryEquipment({ page: 1, filterFamily: 'gtps' }).total).toBe(
      [...present.values()].filter((u) => u.family === 'gtps').length,
    );
    const byTime = [...present.values()]
      .sort((a, b) => b.updatedAt - a.updatedAt || (a.serialNumber < b.serialNumber ? 1 : -1))
      .map((u) => u.serialNumber);
    expect(index.queryEquipment({ page: 3, sortBy: 'updatedAt', sortDesc: true }).serials).toEqual(
      byTime.slice(2 * PAGE_SIZE, 3 * PAGE_SIZE),
    );
  });
});
