import { createHash } from 'node:crypto';
import { desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../database';
import {
  commands,
  fleetCounts,
  scenarioRuns,
  services,
  simDirectiveResults,
  simDirectives,
  simSettings,
  simSnapshots,
  softwareUpdates,
  unitDesired,
  unitReports,
  units,
} from '../schema';
import { rowsOf } from './feed-repo';
import { pageOf, type Page } from './rows';

/**
 * One table's part of the simulated world. A snapshot keeps its rows in a typed copy of the table,
 * `sim_snapshot_<name>` (migration 0018: the table's columns without the store's own, and `snapshot_id`), so that
 * a save is one INSERT ... SELECT and a restore an UPDATE ... FROM per table, with no JSON made or parsed.
 * Staff data (tickets, users, alerts, audit, saved views, favorites) has no part.
 */
interface Part {
  kind: string;
  table: PgTable;
  name: string;
  /** The columns that name a row within the part (its primary key). */
  match: readonly string[];
  /** Which rows are the world's (over alias `t`). */
  where?: string;
  /** How a restore writes it (see {@link restorePart}). */
  restore: 'units' | 'upsert' | 'replace' | 'commands' | 'counts';
  /** Columns left out of the digest: real times of writes, ids of a log that outlives a restore. */
  volatile?: readonly string[];
  /** Derived from the rest (the dashboard's counters): saved and restored, not in the digest. */
  derived?: boolean;
}

/** The world's tables, in the order a restore writes them (units before the rows that name them). */
export const PARTS: readonly Part[] = [
  { kind: 'units', table: units, name: 'units', match: ['serial_number'], restore: 'units' },
  {
    kind: 'unit_desired',
    table: unitDesired,
    name: 'unit_desired',
    match: ['serial_number'],
    volatile: ['updated_at'],
    restore: 'upsert',
  },
  {
    kind: 'unit_reports',
    table: unitReports,
    name: 'unit_reports',
    match: ['serial_number', 'kind'],
    restore: 'replace',
  },
  {
    kind: 'commands',
    table: commands,
    name: 'commands',
    match: ['id'],
    where: "t.status IN ('queued', 'sent')",
    volatile: ['id'],
    restore: 'commands',
  },
  {
    kind: 'services',
    table: services,
    name: 'services',
    match: ['name'],
    volatile: ['updated_at'],
    restore: 'replace',
  },
  {
    kind: 'releases',
    table: softwareUpdates,
    name: 'software_updates',
    match: ['id'],
    volatile: ['created_at'],
    restore: 'upsert',
  },
  {
    kind: 'settings',
    table: simSettings,
    name: 'sim_settings',
    match: ['key'],
    where: "t.key = 'fleet'",
    volatile: ['updated_at'],
    restore: 'replace',
  },
  { kind: 'scenario_runs', table: scenarioRuns, name: 'scenario_runs', match: ['id'], restore: 'replace' },
  {
    kind: 'directives',
    table: simDirectives,
    name: 'sim_directives',
    match: ['id'],
    volatile: ['created_at'],
    restore: 'replace',
  },
  {
    kind: 'directive_results',
    table: simDirectiveResults,
    name: 'sim_directive_results',
    match: ['directive_id', 'worker'],
    volatile: ['created_at'],
    restore: 'replace',
  },
  {
    kind: 'fleet_counts',
    table: fleetCounts,
    name: 'fleet_counts',
    match: ['metric', 'family', 'key', 'shard'],
    restore: 'counts',
    derived: true,
  },
];

/** The kinds a snapshot file may hold. */
export const PART_KINDS: ReadonlySet<string> = new Set(PARTS.map((p) => p.kind));

const partOfKind = new Map(PARTS.map((p) => [p.kind, p]));

/** Columns the store fills itself (the transaction that wrote a row, a unit's shard): never saved nor written back. */
function ownColumns(part: Part): string[] {
  const own = part.kind === 'units' ? ['change_xid', 'shard'] : ['change_xid'];
  const names = Object.values(getTableColumns(part.table)).map((c) => c.name);
  return own.filter((name) => names.includes(name));
}

/** The columns a snapshot keeps of a part: its copy table's columns besides `snapshot_id`. */
export function columnsOf(part: Part): string[] {
  const own = ownColumns(part);
  return Object.values(getTableColumns(part.table))
    .map((c) => c.name)
    .filter((name) => !own.includes(name));
}

/** The typed copy of a part's table that holds the snapshots' rows. */
export const copyOf = (part: Part) => `sim_snapshot_${part.name}`;

const ident = (name: string) => `"${name}"`;
const list = (names: readonly string[], alias = '') =>
  names.map((n) => `${alias ? `${alias}.` : ''}${ident(n)}`).join(', ');

const whereOf = (part: Part) => (part.where ? `WHERE ${part.where}` : '');

/** A snapshot's rows of a part, as `t`. */
const copyRows = (part: Part, id: number) =>
  `(SELECT * FROM ${ident(copyOf(part))} WHERE snapshot_id = ${id})`;

/** The same row of a part in the live table `t` and the copy `s`. */
const sameRow = (part: Part) => part.match.map((c) => `t.${ident(c)} = s.${ident(c)}`).join(' AND ');

async function exec(db: Db, text: string | SQL): Promise<unknown[]> {
  return rowsOf(await db.execute(typeof text === 'string' ? sql.raw(text) : text));
}

/**
 * Times in a row's text read the session's time zone: UTC always, so that a digest is the same on every server.
 * A long save or restore at a million units is not cut by the statement timeout.
 */
async function prepare(tx: Db): Promise<void> {
  await tx.execute(sql`SET LOCAL TimeZone = 'UTC'`);
  await tx.execute(sql`SET LOCAL statement_timeout = 0`);
}

/** A transaction on a consistent view of the world (a save reads every table as of one moment). */
function repeatableRead<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(
    async (t) => {
      const tx = t as unknown as Db;
      await prepare(tx);
      return work(tx);
    },
    { isolationLevel: 'repeatable read' },
  );
}

// ---------------------------------------------------------------- digest

/** What a digest covers besides the tables: the clock, its speed and the seed the world was made from. */
export interface WorldHead {
  simulatedAt: number;
  speed: number;
  seed: string;
}

interface PartSum {
  kind: string;
  n: string;
  h: string;
  /** The rows' size (read with the sums where asked: a stored snapshot's). */
  bytes?: string;
}

/**
 * sha256 of the world: per part, its row count and the sum of its rows' 64-bit hashes (a sum of a multiset: no sort,
 * no text of a million rows), then the head. The same rows give the same digest on any server, in whatever order
 * they lie.
 */
function combine(sums: readonly PartSum[], head: WorldHead): string {
  const hash = createHash('sha256');
  for (const { kind, n, h } of [...sums].sort((x, y) => (x.kind < y.kind ? -1 : 1)))
    hash.update(`${kind}/${n}/${h}\n`);
  hash.update(JSON.stringify({ clock: head.simulatedAt, speed: head.speed, seed: head.seed }));
  return hash.digest('hex');
}

/**
 * A row's 64-bit hash (over alias `alias`): PostgreSQL's hash of its columns' values in name order (each type's own
 * hash, the one hash partitioning uses, stable across servers; no text made), without the columns a replay does not
 * make the same (real times of writes, ids of a log that outlives a restore) or those left out (`without`).
 */
function rowHash(part: Part, alias: string, without: readonly string[] = []): string {
  const left = new Set([...(part.volatile ?? []), ...without]);
  const cols = columnsOf(part)
    .filter((c) => !left.has(c))
    .sort();
  return `hash_record_extended(ROW(${list(cols, alias)}), 0)`;
}

/** One part's count and sum of row hashes over `from` (rows as `t`), and the rows' size if asked. */
const sumQuery = (part: Part, from: string, bytes: boolean) =>
  `SELECT '${part.kind}' AS kind, count(*)::text AS n, coalesce(sum(${rowHash(part, 't')}), 0)::text AS h
   ${bytes ? ', coalesce(sum(pg_column_size(t.*)), 0)::text AS bytes' : ''} FROM ${from}`;

/** Each part's sums, one pass over its rows. */
async function partSums(
  tx: Db,
  parts: readonly Part[],
  fromOf: (part: Part) => string,
  bytes = false,
): Promise<PartSum[]> {
  const sums: PartSum[] = [];
  for (const part of parts)
    sums.push(...((await exec(tx, sumQuery(part, fromOf(part), bytes))) as PartSum[]));
  return sums;
}

/** The parts in a digest: the dashboard's counters follow from the rest. */
const digested = (sums: readonly PartSum[]) => sums.filter((s) => !partOfKind.get(s.kind)?.derived);

/** The live world's digest (in a transaction that prepared the session). */
const liveDigest = async (tx: Db, head: WorldHead) =>
  combine(
    await partSums(
      tx,
      PARTS.filter((p) => !p.derived),
      (part) => `${ident(part.name)} t ${whereOf(part)}`,
    ),
    head,
  );

/** The world's digest now, with the clock `head` gives, and how many units it has. */
export function worldDigestIn(db: Db, head: WorldHead): Promise<{ digest: string; units: number }> {
  return repeatableRead(db, async (tx) => {
    const digest = await liveDigest(tx, head);
    const [count] = (await exec(tx, 'SELECT count(*)::int AS n FROM units')) as { n: number }[];
    return { digest, units: count?.n ?? 0 };
  });
}

// ---------------------------------------------------------------- save, list, find

export type SnapshotRow = typeof simSnapshots.$inferSelect;

const headOf = (row: SnapshotRow): WorldHead => ({
  simulatedAt: row.simulatedAt.getTime(),
  speed: row.speed,
  seed: row.seed,
});

/** A transaction's new snapshot row (its counts and digest filled once its rows are in). */
async function startSnapshot(
  tx: Db,
  meta: { name: string; createdBy: string } & WorldHead,
): Promise<SnapshotRow> {
  const [created] = await tx
    .insert(simSnapshots)
    .values({
      name: meta.name,
      createdBy: meta.createdBy,
      simulatedAt: new Date(meta.simulatedAt),
      speed: meta.speed,
      seed: meta.seed,
      units: 0,
      digest: '',
    })
    .returning();
  if (!created) throw new Error('the snapshot was not stored');
  return created;
}

/** Saves the world under a name in one transaction (one INSERT ... SELECT per table); answers the stored snapshot. */
export function saveSnapshot(
  db: Db,
  meta: { name: string; createdBy: string } & WorldHead,
): Promise<SnapshotRow> {
  return repeatableRead(db, async (tx) => {
    const created = await startSnapshot(tx, meta);
    for (const part of PARTS) {
      const cols = columnsOf(part);
      await exec(
        tx,
        `INSERT INTO ${ident(copyOf(part))} (snapshot_id, ${list(cols)})
         SELECT ${created.id}, ${list(cols, 't')} FROM ${ident(part.name)} t ${whereOf(part)}`,
      );
    }
    await describeCopies(tx);
    return finishStored(tx, created.id, meta);
  });
}

/**
 * After rows are added to the copies: their BRIN indexes take the new pages (neither PGlite nor a PostgreSQL without
 * autovacuum does it, and an index with pages it has not summarized reads every snapshot's rows), and the planner
 * learns their sizes (without, it joined a million units by a million index lookups: 19 s instead of 6).
 */
async function describeCopies(tx: Db): Promise<void> {
  for (const part of PARTS) {
    await exec(tx, `SELECT brin_summarize_new_values('${copyOf(part)}_snapshot_idx')`);
    await exec(tx, `ANALYZE ${ident(copyOf(part))}`);
  }
}

/** Fills a stored snapshot's unit count, size and digest from its rows. */
async function finishStored(tx: Db, id: number, head: WorldHead): Promise<SnapshotRow> {
  // Counts, sizes and the digest's sums in one pass over each part's rows.
  const sums = await partSums(tx, PARTS, (part) => `${copyRows(part, id)} t`, true);
  const [row] = await tx
    .update(simSnapshots)
    .set({
      units: Number(sums.find((s) => s.kind === 'units')?.n ?? 0),
      bytes: sums.reduce((sum, s) => sum + Number(s.bytes ?? 0), 0),
      digest: combine(digested(sums), head),
    })
    .where(eq(simSnapshots.id, id))
    .returning();
  if (!row) throw new Error('the snapshot was not stored');
  return row;
}

/**
 * A snapshot with its digest: one stored before the digest was of typed rows (migration 0018 left it empty) has it
 * made again from its rows, once.
 */
async function withDigest(db: Db, row: SnapshotRow): Promise<SnapshotRow> {
  if (row.digest) return row;
  return repeatableRead(db, (tx) => finishStored(tx, row.id, headOf(row)));
}

/** A page of the snapshots, newest first. */
export function listSnapshots(db: Db, page: number): Promise<Page<SnapshotRow>> {
  return pageOf(db, simSnapshots, { page, orderBy: [desc(simSnapshots.createdAt), desc(simSnapshots.id)] });
}

/** A snapshot, its digest made if it has none yet. */
export async function findSnapshot(db: Db, id: number): Promise<SnapshotRow | undefined> {
  const [row] = await db.select().from(simSnapshots).where(eq(simSnapshots.id, id)).limit(1);
  return row && withDigest(db, row);
}

/** How many pages of a copy table an export reads at once. */
const EXPORT_PAGES = 256;

/**
 * A snapshot's rows, part by part, a slice of its copy table's pages at a time (a range of row addresses: no index,
 * no sort, each page read once; the rows of a snapshot are never changed after its save). Each row as JSON, with its
 * key (the columns that name it, joined by '/').
 */
export async function* snapshotRows(
  db: Db,
  id: number,
): AsyncGenerator<{ kind: string; key: string; row: Record<string, unknown> }[]> {
  for (const part of PARTS) {
    const table = ident(copyOf(part));
    const [size] = (await exec(
      db,
      `SELECT (pg_relation_size('${copyOf(part)}') / current_setting('block_size')::int)::int AS pages`,
    )) as { pages: number }[];
    const key = part.match.map((c) => `t.${ident(c)}::text`).join(` || '/' || `);
    for (let page = 0; page < (size?.pages ?? 0); page += EXPORT_PAGES) {
      // The page range first (OFFSET 0 keeps the planner from reading the snapshot's rows by its index instead).
      const rows = (await exec(
        db,
        `SELECT '${part.kind}' AS kind, ${key} AS key, to_jsonb(t) - 'snapshot_id' AS "row"
         FROM (SELECT * FROM ${table} WHERE ctid >= '(${page},0)'::tid AND ctid < '(${page + EXPORT_PAGES},0)'::tid
               OFFSET 0) t
         WHERE t.snapshot_id = ${id}`,
      )) as { kind: string; key: string; row: Record<string, unknown> }[];
      if (rows.length > 0) yield rows;
    }
  }
}

/**
 * Stores an imported snapshot in one transaction: its rows (each made a row of its part's copy table by the store:
 * a value of the wrong type refuses the file), then its digest recomputed from them, which must be `digest` (else
 * nothing is stored and the answer says so).
 */
export function storeImported(
  db: Db,
  meta: { name: string; createdBy: string; digest: string } & WorldHead,
  rows: AsyncIterable<{ kind: string; key: string; row: Record<string, unknown> }[]>,
): Promise<{ stored: SnapshotRow } | { digest: string }> {
  return repeatableRead(db, async (tx) => {
    const created = await startSnapshot(tx, meta);
    for await (const batch of rows) {
      const byKind = new Map<string, Record<string, unknown>[]>();
      for (const { kind, row } of batch) {
        const same = byKind.get(kind) ?? [];
        if (same.length === 0) byKind.set(kind, same);
        same.push(row);
      }
      for (const [kind, kindRows] of byKind) {
        const part = partOfKind.get(kind);
        if (!part) continue;
        const table = ident(copyOf(part));
        await exec(
          tx,
          // LATERAL: `(jsonb_populate_record(...)).*` would call the function once per column.
          sql`INSERT INTO ${sql.raw(table)} SELECT p.*
              FROM jsonb_array_elements(${JSON.stringify(kindRows)}::jsonb) r
              CROSS JOIN LATERAL jsonb_populate_record(NULL::${sql.raw(table)}, r || jsonb_build_object('snapshot_id', ${created.id}::int)) p`,
        );
      }
    }
    await describeCopies(tx);
    const stored = await finishStored(tx, created.id, meta);
    if (stored.digest !== meta.digest) throw new DigestMismatch(stored.digest);
    return { stored };
  }).catch((error: unknown) => {
    if (error instanceof DigestMismatch) return { digest: error.digest };
    throw error;
  });
}

class DigestMismatch extends Error {
  constructor(readonly digest: string) {
    super('digest mismatch');
  }
}

// ---------------------------------------------------------------- restore

/** What a restore did besides the rows: how many units it changed, and how long each step took (ms). */
export interface RestoreResult {
  digest: string;
  unitsChanged: number;
  stepsMs: Record<string, number>;
}

/**
 * Returns the world to a snapshot in one transaction: units updated in place where they differ (never deleted and
 * inserted again: favorites, screenshots and reports name them), those added since deleted (with tombstones), those
 * gone since put back; desired states, open commands, services, releases, settings, scenario runs and directives as
 * they were; the clock's row; every shard lease ended with its fencing token raised, so that a simulator's writes of
 * the world before are refused and it loads its shards again. The changed units are logged for every process's
 * lists. `beforeCommit` runs last in the transaction (a test injects a failure there). Answers the world's digest.
 */
export function restoreSnapshot(
  db: Db,
  snapshot: SnapshotRow,
  clock: { baseSim: number; baseReal: number; speed: number },
  beforeCommit: (tx: Db) => Promise<void> = async () => undefined,
): Promise<RestoreResult> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await prepare(tx);
    // The units' hashes of the world and of the snapshot are joined in memory (a million: about 63 MB).
    await tx.execute(sql`SET LOCAL work_mem = '128MB'`);
    // Writers of the world wait for the restore, and every write after it is fenced out.
    await exec(tx, 'UPDATE shard_leases SET token = token + 1, holder = NULL, expires_at = NULL');
    const stepsMs: Record<string, number> = {};
    const timed = async <T>(step: string, work: () => Promise<T>): Promise<T> => {
      const started = Date.now();
      const result = await work();
      stepsMs[step] = Date.now() - started;
      return result;
    };
    let unitsChanged = 0;
    for (const part of PARTS)
      unitsChanged += await timed(part.kind, () => restorePart(tx, snapshot.id, part));
    for (const [key, value] of [
      ['clock', clock],
      ['restored', { snapshot: snapshot.id, at: clock.baseReal }],
    ] as const)
      await exec(
        tx,
        sql`INSERT INTO sim_settings (key, value) VALUES (${key}, ${JSON.stringify(value)}::jsonb)
            ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      );
    await exec(
      tx,
      `SELECT setval('unit_desired_rev_seq', (SELECT GREATEST(coalesce(max(rev), 1), 1) FROM unit_desired))`,
    );
    const digest = await timed('digest', () => liveDigest(tx, headOf(snapshot)));
    await beforeCommit(tx);
    return { digest, unitsChanged, stepsMs };
  });
}

/**
 * A serial id's sequence after a restore: the table's last id, so that a replay gives the same ids (an import's come
 * from another server); a log that outlives restores (`ahead`) keeps its sequence where it was if that is further.
 */
const bumpSequence = (table: string, ahead = false) =>
  `SELECT setval(pg_get_serial_sequence('${table}', 'id'), GREATEST(
     (SELECT coalesce(max(id), 1) FROM ${ident(table)})${
       ahead
         ? `, coalesce(pg_sequence_last_value(pg_get_serial_sequence('${table}', 'id')::regclass), 1)`
         : ''
     }))`;

async function restorePart(tx: Db, id: number, part: Part): Promise<number> {
  const cols = columnsOf(part);
  const table = ident(part.name);
  const snap = copyRows(part, id);
  const inSnapshot = `EXISTS (SELECT 1 FROM ${snap} s WHERE ${sameRow(part)})`;
  const set = cols.filter((c) => !part.match.includes(c));
  const differs = (alias: string) => `ROW(${list(set, 't')}) IS DISTINCT FROM ROW(${list(set, alias)})`;
  // Rows of the snapshot written over the live ones where they differ (a row left as it is costs no write).
  const upsert = `INSERT INTO ${table} AS t (${list(cols)}) SELECT ${list(cols)} FROM ${snap} s
     ON CONFLICT (${list(part.match)}) DO UPDATE SET (${list(set)}) = ROW(${list(set, 'EXCLUDED')})
     WHERE ${differs('EXCLUDED')}`;
  switch (part.restore) {
    case 'units': {
      // The units that differ, found by their rows' hashes (a join of narrow rows, in parallel where the store can),
      // then only those written: a restore after an hour of churn rewrites a few percent of a million units.
      await exec(
        tx,
        `CREATE TEMP TABLE restore_units ON COMMIT DROP AS
         SELECT s.serial_number FROM (SELECT s.serial_number, ${rowHash(part, 's')} AS h FROM ${snap} s) s
         LEFT JOIN (SELECT t.serial_number, ${rowHash(part, 't')} AS h FROM units t) t ON t.serial_number = s.serial_number
         WHERE t.h IS DISTINCT FROM s.h`,
      );
      const [changed] = (await exec(
        tx,
        `WITH written AS (
           INSERT INTO units AS t (${list(cols)})
           SELECT ${list(cols, 's')} FROM ${snap} s JOIN restore_units r ON r.serial_number = s.serial_number
           ON CONFLICT (serial_number) DO UPDATE SET (${list(set)}) = ROW(${list(set, 'EXCLUDED')})
           RETURNING t.serial_number),
         logged AS (
           INSERT INTO unit_change_log (serials) SELECT array_agg(serial_number) FROM written
           HAVING count(*) > 0 RETURNING cardinality(serials) AS n)
         SELECT coalesce((SELECT n FROM logged), 0)::int AS n`,
      )) as { n: number }[];
      const [gone] = (await exec(
        tx,
        `WITH gone AS (DELETE FROM units t WHERE NOT ${inSnapshot} RETURNING serial_number),
         marked AS (INSERT INTO unit_tombstones (serial_number) SELECT serial_number FROM gone RETURNING 1)
         SELECT count(*)::int AS n FROM marked`,
      )) as { n: number }[];
      return (changed?.n ?? 0) + (gone?.n ?? 0);
    }
    case 'upsert': {
      // A unit whose desired row goes away is read back by every process (a deleted row leaves no change behind).
      const removedLog =
        part.name === 'unit_desired'
          ? `, logged AS (INSERT INTO unit_change_log (serials) SELECT array_agg(serial_number) FROM removed HAVING count(*) > 0 RETURNING 1)`
          : '';
      await exec(
        tx,
        `WITH removed AS (DELETE FROM ${table} t WHERE NOT ${inSnapshot} RETURNING t.*)${removedLog} SELECT 1`,
      );
      await exec(tx, upsert);
      if (cols.includes('id')) await exec(tx, bumpSequence(part.name));
      return 0;
    }
    case 'commands': {
      // The command log is the staff's too: commands queued since are ended, never deleted.
      await exec(
        tx,
        `UPDATE commands t SET status = 'expired' WHERE ${part.where ?? 'true'} AND NOT ${inSnapshot}`,
      );
      await exec(tx, upsert);
      await exec(tx, bumpSequence('commands', true));
      return 0;
    }
    case 'counts': {
      // Counters are absolute: one missing from the snapshot is zero (a deleted row would stay in the read models).
      await exec(tx, `UPDATE fleet_counts t SET n = 0 WHERE n <> 0 AND NOT ${inSnapshot}`);
      await exec(tx, upsert);
      return 0;
    }
    case 'replace': {
      await exec(tx, `DELETE FROM ${table} t ${whereOf(part)}`);
      await exec(tx, `INSERT INTO ${table} (${list(cols)}) SELECT ${list(cols)} FROM ${snap} s`);
      if (cols.includes('id')) await exec(tx, bumpSequence(part.name));
      return 0;
    }
  }
}
