import { sql } from 'drizzle-orm';
import type { Db } from '../database';
import { rowsOf } from './feed-repo';

/** The columns the lists' index keeps of a unit, with its desired staging (times as the driver gives them, or milliseconds). */
export interface IndexSourceRow {
  serial_number: string;
  family: string;
  country_code: string;
  version_semantic: string;
  created_at: string | number | Date;
  updated_at: string | number | Date;
  connected: boolean;
  last_seen_online_at: string | number | Date | null;
  staged_rev_done: string | number;
  state: string | null;
  flow_rev: string | number | null;
  rev: string | number | null;
  staged_semantic: string | null;
  staged_at: string | number | Date | null;
  auto_staged: boolean | null;
  /** The unit's place (geolocation's region and city); undefined when the row does not carry it (a change record). */
  region?: string | null;
  city?: string | null;
}

const COLUMNS = sql`
  u.serial_number, u.family, u.country_code, u.version_semantic, u.created_at, u.updated_at, u.connected,
  u.last_seen_online_at, u.staged_rev_done, u.update_state->>'state' AS state, u.flow_rev, d.rev, d.staged_semantic, d.staged_at, d.auto_staged,
  u.geolocation->>'region' AS region, u.geolocation->>'city' AS city`;

// A page's rows die young at 2,000 (an API process at 1,000,000 units peaked at 254-258 MB of RSS while loading);
// at 10,000 they outlived the collections made while the page was indexed (peak 350-355 MB), with no faster load.
const PAGE = 2_000;

/** Every unit's index columns in serial order, a page at a time (a million units never sit in one result). */
export async function* readAllIndexRows(db: Db): AsyncGenerator<IndexSourceRow[]> {
  let after = '';
  for (;;) {
    const rows = rowsOf<IndexSourceRow>(
      await db.execute(sql`
        SELECT ${COLUMNS} FROM units u LEFT JOIN unit_desired d USING (serial_number)
        WHERE u.serial_number > ${after} ORDER BY u.serial_number LIMIT ${PAGE}`),
    );
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]?.serial_number ?? after;
    if (rows.length < PAGE) return;
  }
}

/**
 * About how many units the store holds: the planner's estimate (free, and close enough to size arrays by), or a count
 * when the table was never analyzed (a fresh bulk load: the index then grew its arrays by doubling).
 */
export async function estimatedUnitCount(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT reltuples::int AS n FROM pg_class WHERE oid = 'units'::regclass`),
  );
  if (row && row.n >= 0) return row.n;
  // Only a size hint: a count that overruns the statement timeout (a million fresh rows on a busy store) sizes nothing.
  const counted = await db.execute(sql`SELECT count(*)::int AS n FROM units`).then(
    (result) => rowsOf<{ n: number }>(result)[0]?.n ?? 0,
    () => 0,
  );
  return counted;
}

/** The index columns of some units (those that changed). */
export async function readIndexRows(db: Db, serials: readonly string[]): Promise<IndexSourceRow[]> {
  if (serials.length === 0) return [];
  return rowsOf<IndexSourceRow>(
    await db.execute(sql`
      SELECT ${COLUMNS} FROM units u LEFT JOIN unit_desired d USING (serial_number)
      WHERE u.serial_number = ANY(${sql.param([...serials])}::text[])`),
  );
}
