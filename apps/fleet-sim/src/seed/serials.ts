/**
 * Serial numbers for new units: prefix (model code) + build month letter + build year letter +
 * zero-padded sequence (console-core §1), unique across the store.
 */
import { sql } from 'drizzle-orm';
import {
  FIRST_BUILD_YEAR,
  LAST_BUILD_YEAR,
  composeSerial,
  monthLetterOf,
  yearLetterOf,
  type Family,
  type SerialPrefixEntry,
  type SerialPrefixTable,
} from '@equipment-dashboard/domain';
import type { Db } from '../store/database';
import { units } from '../store/schema';
import { hashString, WeightedTable, type Rng, type Weighted } from '../core/random';

/**
 * Sequence width of a prefix: most models have 9-character serials (4 digits), about one in four
 * (chosen by the prefix itself, so it is the same in every world) has 8 (3 digits).
 */
export function sequenceWidth(prefix: string): 3 | 4 {
  return hashString(`width:${prefix}`) % 4 === 0 ? 3 : 4;
}

/** One allocated serial and the prefix entry it decodes with. */
export interface AllocatedSerial {
  serial: string;
  entry: SerialPrefixEntry;
  /** The build month and year the serial encodes (may be earlier than asked when a month was full). */
  month: number;
  year: number;
}

/**
 * Hands out serials bucket by bucket, each sequence continuing after the highest one already used
 * in the bucket, so they never collide with the store or with each other.
 */
export class SerialAllocator {
  private readonly next = new Map<string, number>();
  private readonly byFamily = new Map<Family, WeightedTable<SerialPrefixEntry>>();

  constructor(prefixes: SerialPrefixTable, highest: ReadonlyMap<string, number> = new Map()) {
    for (const [bucket, seq] of highest) this.next.set(bucket, seq + 1);
    const grouped = new Map<Family, Weighted<SerialPrefixEntry>[]>();
    for (const entry of prefixes) {
      const list = grouped.get(entry.equipmentFamily) ?? [];
      // Models sell unevenly: a stable weight per prefix.
      list.push([entry, 1 + (hashString(`share:${entry.prefix}`) % 5)]);
      grouped.set(entry.equipmentFamily, list);
    }
    for (const [family, list] of grouped) this.byFamily.set(family, new WeightedTable(list));
  }

  /** Families that have at least one prefix in the table. */
  families(): Family[] {
    return [...this.byFamily.keys()];
  }

  /**
   * A new serial of `family` built around `month`/`year`. When that bucket is full the build month
   * moves back a month at a time (to 2015), then forward from the asked month.
   */
  allocate(rng: Rng, family: Family, month: number, year: number): AllocatedSerial {
    const table = this.byFamily.get(family);
    if (!table) throw new Error(`The serial prefix table has no prefix for family ${family}.`);
    const entry = table.pick(rng);
    const width = sequenceWidth(entry.prefix);
    const capacity = 10 ** width - 1;
    const first = FIRST_BUILD_YEAR * 12;
    const last = LAST_BUILD_YEAR * 12 + 11;
    const asked = Math.min(last, Math.max(first, year * 12 + month - 1));
    for (let step = 0; step <= last - first; step++) {
      const index = asked - step >= first ? asked - step : asked + (step - (asked - first));
      const y = Math.floor(index / 12);
      const m = (index % 12) + 1;
      const bucket = `${entry.prefix}${monthLetterOf(m) ?? ''}${yearLetterOf(y) ?? ''}`;
      const seq = this.next.get(bucket) ?? 1;
      if (seq > capacity) continue;
      this.next.set(bucket, seq + 1);
      const serial = composeSerial({
        prefix: entry.prefix,
        month: m,
        year: y,
        sequence: String(seq).padStart(width, '0'),
      });
      return { serial, entry, month: m, year: y };
    }
    throw new Error(`Every serial of prefix ${entry.prefix} is taken.`);
  }
}

/**
 * The highest numeric sequence per bucket already in the units table: one aggregate, whatever the
 * size of the store.
 */
export async function highestSequences(db: Db): Promise<Map<string, number>> {
  const bucket = sql<string>`substr(${units.serialNumber}, 1, 5)`;
  const rest = sql`substr(${units.serialNumber}, 6)`;
  const rows = await db
    .select({
      bucket,
      seq: sql<number | null>`max(CASE WHEN ${rest} ~ '^[0-9]{1,9}$' THEN ${rest}::int END)`.mapWith(Number),
    })
    .from(units)
    .where(sql`length(${units.serialNumber}) > 5`)
    .groupBy(bucket);
  const highest = new Map<string, number>();
  for (const row of rows) {
    if (row.seq !== null && Number.isFinite(row.seq)) highest.set(row.bucket, row.seq);
  }
  return highest;
}
