/**
 * The fleet: one `units` row per unit, made one at a time from a seeded stream and inserted in
 * batches, so any size streams through a bounded amount of memory.
 */
import {
  TARGET_CHANGE_CAMERA_COUNT,
  TARGET_CHANGE_SYSTEM_CLASSES,
  TARGET_TYPES,
  type Family,
} from '@equipment-dashboard/domain';
import { getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../store/database';
import { insertDesiredBatch, type DesiredSeed } from '../store/repos/desired-repo';
import { units, type UnitGeolocation } from '../store/schema';
import { BATCH_SIZE } from './batch';
import { DAY_MS, HOUR_MS, MINUTE_MS, YEAR_MS, earliest, latest, monthOf, shift } from './dates';
import type { PlaceBook } from './places';
import { WeightedTable, type Rng, type Weighted } from '../core/random';
import {
  latestRelease,
  specReleasesFor,
  type ReleaseBook,
  type SoftwareRelease,
  type SpecRelease,
} from './releases';
import type { SerialAllocator } from './serials';
import {
  idleUpdateState,
  stagedUpdateState,
  unstagedUpdateState,
  type UnitUpdateState,
} from './update-states';
import { ODD_VERSIONS, versionOrder } from './versions';

export type UnitRow = typeof units.$inferInsert;

/** What the rest of the world needs to know about a unit, kept for a bounded sample of the fleet. */
export interface UnitSummary {
  serialNumber: string;
  family: Family;
  model: string;
  semantic: string;
  meta: string;
  versionOrder: number;
  connected: boolean;
  countryCode: string;
  specsName: string | null;
  systemClass: string;
  staged: boolean;
  atLatest: boolean;
  createdAt: Date;
}

/** Per-family counts of the generated fleet (for the scheduler statistics). */
export interface FamilyCounts {
  total: number;
  connected: number;
  atLatest: number;
  staged: number;
}

/** What unit generation draws from. */
export interface UnitFactory {
  now: Date;
  releases: ReleaseBook;
  specs: readonly SpecRelease[];
  places: PlaceBook;
  serials: SerialAllocator;
}

const FAMILY_SHARES: readonly Weighted<Family>[] = [
  ['aligner', 75],
  ['gtps', 15],
  ['aligner-oasis', 10],
];

const SYSTEM_CLASSES: Record<Family, readonly Weighted<string>[]> = {
  aligner: [
    ['DRAGON', 45],
    ['DRAGON_HEADLESS', 20],
    ['HAWKEYE', 22],
    ['ELITE', 13],
  ],
  gtps: [['GTPS', 100]],
  'aligner-oasis': [
    ['DRAGON', 65],
    ['DRAGON_HEADLESS', 35],
  ],
};

const BOARD_CLASSES: Record<Family, readonly string[]> = {
  aligner: ['DB3', 'DB4', 'DB4', 'HK2', 'HK3'],
  gtps: ['TPB1', 'TPB2', 'TPB2'],
  'aligner-oasis': ['OB1', 'OB2'],
};

const PROCEDURES: Record<Family, readonly string[]> = {
  aligner: [
    'Idle',
    'Home',
    'Vehicle Selection',
    'Vehicle Inspection',
    'Rolling Compensation',
    'Caster Swing',
    'Front Axle Adjustment',
    'Rear Axle Adjustment',
    'Printing Report',
    'Target Calibration',
  ],
  gtps: [
    'Idle',
    'Waiting for Vehicle',
    'Tire Scan',
    'Tread Depth Report',
    'Alignment Check',
    'Sending Results',
  ],
  'aligner-oasis': [
    'Idle',
    'Home',
    'Vehicle Selection',
    'Rolling Compensation',
    'Alignment Measurement',
    'ADAS Setup',
    'Printing Report',
  ],
};

const PUBLIC_FIRST_OCTETS = [
  24, 47, 50, 64, 68, 71, 73, 76, 98, 99, 108, 173, 184, 2, 5, 31, 62, 78, 81, 86, 89, 91, 94, 151, 185, 203,
  210, 220,
];

/** Units that report specs: the console shows them from these versions (console-core §5). */
const SPECS_FROM: Record<Family, number> = {
  aligner: 5_000_000,
  gtps: 1_003_000,
  'aligner-oasis': 1_000_000,
};
/** The updater with status reporting arrived in these versions (console-core §5). */
const UPDATER_FROM: Record<Family, number> = {
  aligner: 4_003_000,
  gtps: 1_000_000,
  'aligner-oasis': 1_000_000,
};
/** Plain aligners can be staged from 4.0.0 (console-core §5). */
const STAGING_FROM: Record<Family, number> = { aligner: 4_000_000, gtps: 0, 'aligner-oasis': 0 };

/** Prepared weighted tables, built once per run. */
export class UnitGenerator {
  private readonly familyTable: WeightedTable<Family>;
  private readonly versionTables = new Map<Family, WeightedTable<SoftwareRelease>>();
  private readonly classTables = new Map<Family, WeightedTable<string>>();
  private readonly specTables = new Map<string, WeightedTable<SpecRelease> | null>();

  constructor(private readonly f: UnitFactory) {
    const available = new Set(f.serials.families());
    const shares = FAMILY_SHARES.filter(([family]) => available.has(family));
    if (shares.length === 0) throw new Error('The serial prefix table has no prefix of any family.');
    this.familyTable = new WeightedTable(shares);
    for (const [family] of FAMILY_SHARES) {
      const list = f.releases[family];
      // Most units run one of the newest few releases; a long tail runs old ones.
      const weighted = list.map((r, i): Weighted<SoftwareRelease> => [
        r,
        Math.max(0.7 ** (list.length - 1 - i), 0.005),
      ]);
      this.versionTables.set(family, new WeightedTable(weighted));
      this.classTables.set(family, new WeightedTable(SYSTEM_CLASSES[family]));
    }
  }

  private specTable(market: string, family: Family): WeightedTable<SpecRelease> | null {
    const key = `${market}/${family}`;
    let table = this.specTables.get(key);
    if (table === undefined) {
      const list = specReleasesFor(this.f.specs, market as SpecRelease['market'], family);
      table =
        list.length === 0
          ? null
          : new WeightedTable(list.map((r, i): Weighted<SpecRelease> => [r, 0.55 ** i]));
      this.specTables.set(key, table);
    }
    return table;
  }

  /** One unit: its row and its summary. */
  make(rng: Rng): { row: UnitRow; desired: DesiredSeed | null; summary: UnitSummary } {
    const { now } = this.f;
    const family = this.familyTable.pick(rng);
    const latestOfFamily = latestRelease(this.f.releases, family);

    // In the cloud for up to four years, more of them recently (the fleet grows).
    const createdAt = shift(now, -(rng.next() ** 1.4) * 4 * YEAR_MS - rng.int(1, 23) * HOUR_MS);
    const built = rng.chance(0.85)
      ? shift(createdAt, -rng.int(5, 150) * DAY_MS)
      : new Date(rng.float(Date.UTC(2015, 0, 1), createdAt.getTime()));
    const { month: buildMonth, year: buildYear } = monthOf(built);
    const { serial, entry } = this.f.serials.allocate(rng, family, buildMonth, buildYear);

    const release = this.versionTables.get(family)?.pick(rng) ?? latestOfFamily;
    const odd = rng.chance(0.003);
    const semantic = odd ? rng.pick(ODD_VERSIONS[family]) : release.semantic;
    const meta = odd || rng.chance(0.1) ? '' : release.meta;
    const order = versionOrder(semantic);
    const atLatest = order === latestOfFamily.order;

    const geolocation: UnitGeolocation = this.f.places.pick(rng);
    const systemClass = this.classTables.get(family)?.pick(rng) ?? 'DRAGON';
    const boardFeatures =
      family === 'aligner' && order >= 5_000_000
        ? (() => {
            const numCameras = rng.chance(0.7) ? 2 : 4;
            return { numCameras, numAccel: numCameras, isDDAligner: rng.chance(0.3) };
          })()
        : null;
    const targetType =
      boardFeatures?.numCameras === TARGET_CHANGE_CAMERA_COUNT &&
      (TARGET_CHANGE_SYSTEM_CLASSES as readonly string[]).includes(systemClass)
        ? rng.pick(TARGET_TYPES)
        : null;

    const spec =
      order >= SPECS_FROM[family]
        ? this.specTable(this.f.places.marketOf(geolocation.country_code), family)?.pick(rng)
        : undefined;
    const unknownSpecs = spec !== undefined && rng.chance(0.01);
    const specs = spec
      ? { name: unknownSpecs ? 'unknown' : spec.name, month: spec.month, year: spec.year }
      : null;
    const specsExpiration = spec ? monthOf(new Date(Date.UTC(spec.year, spec.month - 1, 15)), 12) : null;

    const connected = rng.chance(0.6);
    const ageDays = (now.getTime() - createdAt.getTime()) / DAY_MS;
    const lastSeenOnlineAt = connected
      ? shift(now, -rng.int(0, 90) * 1000)
      : latest(createdAt, shift(now, -(rng.chance(0.5) ? rng.float(0.02, 2) : rng.float(2, 365)) * DAY_MS));
    // Alignments per day: most shops do a few, a busy few do dozens.
    const perDay = Math.exp(rng.normal(Math.log(family === 'gtps' ? 6 : 2.5), 0.9));

    const stageable =
      order >= 0 && !atLatest && order < latestOfFamily.order && order >= STAGING_FROM[family];
    const staged = stageable && rng.chance(0.03);
    let desired: DesiredSeed | null = null;
    let updateState: UnitUpdateState;
    if (staged) {
      const stagedAt = shift(now, -rng.float(0.05, 14) * DAY_MS);
      desired = {
        serialNumber: serial,
        family,
        stagedSemantic: latestOfFamily.semantic,
        stagedMeta: latestOfFamily.meta,
        path: latestOfFamily.path,
        stagedAt,
        autoStaged: rng.chance(0.6),
      };
      updateState = stagedUpdateState(rng, latestOfFamily, connected, specs?.name ?? null);
    } else if (order >= 0 && order < UPDATER_FROM[family]) {
      updateState = idleUpdateState('TRY_INSERT_UPDATE');
    } else {
      updateState = unstagedUpdateState(rng, atLatest, connected, specs?.name ?? null);
    }

    const row: UnitRow = {
      serialNumber: serial,
      family,
      versionSemantic: semantic,
      versionMeta: meta,
      versionOrder: order,
      specs,
      specsExpiration,
      systemClass,
      boardClass: rng.pick(BOARD_CLASSES[family]),
      logLevel: rng.chance(0.15) ? 'INFO' : 'WARN',
      boardFeatures,
      targetType,
      connectCount: 1 + Math.floor(ageDays / rng.float(2, 40)) + (connected ? 1 : 0),
      connected,
      port: connected ? rng.int(20000, 29999) : null,
      address: connected ? address(rng) : null,
      currentProcedure: connected ? rng.pick(PROCEDURES[family]) : null,
      alignmentCount: Math.round(perDay * ageDays * rng.float(0.6, 1)),
      countryCode: geolocation.country_code,
      geolocation,
      updateState,
      stagedRevDone: 0,
      lastSeenOnlineAt,
      createdAt,
      updatedAt: earliest(latest(shift(createdAt, rng.int(1, 600) * MINUTE_MS), lastSeenOnlineAt), now),
    };
    return {
      row,
      desired,
      summary: {
        serialNumber: serial,
        family,
        model: entry.model,
        semantic,
        meta,
        versionOrder: order,
        connected,
        countryCode: geolocation.country_code,
        specsName: specs?.name ?? null,
        systemClass,
        staged,
        atLatest,
        createdAt,
      },
    };
  }
}

/** `::ffff:<public IPv4>,<LAN address>`: the console drops the first 7 characters of the first part. */
function address(rng: Rng): string {
  const pub = `${rng.pick(PUBLIC_FIRST_OCTETS)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
  const lan = rng.pick([
    () => `192.168.${rng.int(0, 20)}.${rng.int(2, 250)}`,
    () => `10.${rng.int(0, 40)}.${rng.int(0, 255)}.${rng.int(2, 250)}`,
    () => `172.16.${rng.int(0, 31)}.${rng.int(2, 250)}`,
  ])();
  return `::ffff:${pub},${lan}`;
}

/** Called with each batch after it is inserted. */
export type BatchListener = (rows: readonly UnitRow[], summaries: readonly UnitSummary[]) => void;

/**
 * Makes and inserts `count` units in batches of {@link BATCH_SIZE}. `insertBatch` decides how a batch
 * reaches the store (inside a caller's transaction, or one of its own).
 */
export async function streamUnits(options: {
  count: number;
  rng: Rng;
  generator: UnitGenerator;
  insertBatch: (rows: UnitRow[], desired: DesiredSeed[]) => Promise<void>;
  onBatch?: BatchListener;
  onProgress?: (done: number, total: number) => void;
}): Promise<number> {
  const { count, rng, generator } = options;
  let done = 0;
  while (done < count) {
    const size = Math.min(BATCH_SIZE, count - done);
    const rows: UnitRow[] = new Array(size);
    const summaries: UnitSummary[] = new Array(size);
    const desired: DesiredSeed[] = [];
    for (let i = 0; i < size; i++) {
      const unit = generator.make(rng);
      rows[i] = unit.row;
      summaries[i] = unit.summary;
      if (unit.desired) desired.push(unit.desired);
    }
    await options.insertBatch(rows, desired);
    done += size;
    options.onBatch?.(rows, summaries);
    options.onProgress?.(done, count);
  }
  return done;
}

/** The units table's columns a seed writes: property name (as in UnitRow) and column name (not the generated shard, nor change_xid). */
const UNIT_COLUMNS = Object.entries(getTableColumns(units))
  .filter(([key]) => key !== 'shard' && key !== 'changeXid')
  .map(([key, column]) => ({ key, name: column.name }));

/**
 * Inserts one batch of units as one JSON parameter expanded by PostgreSQL
 * (`jsonb_populate_recordset`). Building a 1,000-row multi-VALUES statement costs drizzle more than
 * PostgreSQL needs to store the rows (about 3,500 rows/s on PGlite); one parameter is several times
 * faster, and the column list still comes from the schema.
 */
export async function insertUnitBatch(
  db: Db,
  rows: readonly UnitRow[],
  desired: readonly DesiredSeed[] = [],
): Promise<void> {
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const { key, name } of UNIT_COLUMNS) {
      const value = (row as Record<string, unknown>)[key];
      if (value !== undefined) record[name] = value;
    }
    return record;
  });
  const columns = sql.join(
    UNIT_COLUMNS.map(({ name }) => sql.identifier(name)),
    sql`, `,
  );
  await db.execute(
    sql`INSERT INTO ${units} (${columns}) SELECT ${columns} FROM jsonb_populate_recordset(NULL::${units}, ${JSON.stringify(records)}::jsonb)`,
  );
  await insertDesiredBatch(db, desired);
}
