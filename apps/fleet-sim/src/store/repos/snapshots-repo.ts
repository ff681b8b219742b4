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
  simSnapshotRows,
  simSnapshots,
  softwareUpdates,
  unitDesired,
  unitReports,
  units,
} from '../schema';
import { rowsOf } from './feed-repo';
import { pageOf, type Page } from './rows';

/**
 * One table's part of the simulated world in a snapshot: its rows as JSON under a key that orders them canonically.
 * Staff data (tickets, users, alerts, audit, saved views, favorites) has no part.
 */
interface Part {
  kind: string;
  table: PgTable;
  name: string;
  /** The row's key (over alias `t`): unique in the part, and its canonical order (bytewise). */
  key: string;
  /** Which rows are the world's (over alias `t`). */
  where?: string;
  /** The primary key's columns, for the upsert of parts that are merged rather than replaced. */
  conflict?: string;
  /** How a restore writes it (see {@link restoreParts}). */
  restore: 'units' | 'upsert' | 'replace' | 'commands' | 'counts';
  /** Columns left out of the digest: real times of writes, ids of a log that outlives a restore. */
  volatile?: readonly string[];
  /** Derived from the rest (the dashboard's counters): saved and restored, not in the digest. */
  derived?: boolean;
}

const padded = (column: string) => `lpad(t.${column}::text, 20, '0')`;

/** The world's tables, in the order a restore writes them (units before the rows that name them). */
export const PARTS: readonly Part[] = [
  { kind: 'units', table: units, name: 'units', key: 't.serial_number', restore: 'units' },
  {
    kind: 'unit_desired',
    table: unitDesired,
    name: 'unit_desired',
    key: 't.serial_number',
    conflict: 'serial_number',
    volatile: ['updated_at'],
    restore: 'upsert',
  },
  {
    kind: 'unit_reports',
    table: unitReports,
    name: 'unit_reports',
    key: "t.serial_number || '/' || t.kind",
    restore: 'replace',
  },
  {
    kind: 'commands',
    table: commands,
    name: 'commands',
    key: padded('id'),
    where: "t.status IN ('queued', 'sent')",
    conflict: 'id',
    volatile: ['id'],
    restore: 'commands',
  },
  {
    kind: 'services',
    table: services,
    name: 'services',
    key: 't.name',
    volatile: ['updated_at'],
    restore: 'replace',
  },
  {
    kind: 'releases',
    table: softwareUpdates,
    name: 'software_updates',
    key: padded('id'),
    conflict: 'id',
    volatile: ['created_at'],
    restore: 'upsert',
  },
  {
    kind: 'settings',
    table: simSettings,
    name: 'sim_settings',
    key: 't.key',
    where: "t.key = 'fleet'",
    volatile: ['updated_at'],
    restore: 'replace',
  },
  {
    kind: 'scenario_runs',
    table: scenarioRuns,
    name: 'scenario_runs',
    key: padded('id'),
    restore: 'replace',
  },
  {
    kind: 'directives',
    table: simDirectives,
    name: 'sim_directives',
    key: padded('id'),
    volatile: ['created_at'],
    restore: 'replace',
  },
  {
    kind: 'directive_results',
    table: simDirectiveResults,
    name: 'sim_directive_results',
    key: `${padded('directive_id')} || '/' || t.worker`,
    volatile: ['created_at'],
    restore: 'replace',
  },
  {
    kind: 'fleet_counts',
    table: fleetCounts,
    name: 'fleet_counts',
    key: "t.metric || '/' || t.family || '/' || t.key || '/' || lpad(t.shard::text, 3, '0')",
    conflict: 'metric, family, key, shard',
    restore: 'counts',
    derived: true,
  },
];

/** The kinds a snapshot file may hold. */
export const PART_KINDS: ReadonlySet<string> = new Set(PARTS.map((p) => p.kind));

/** Columns the store fills itself (the transaction that wrote a row, a unit's shard): never saved nor written back. */
function ownColumns(part: Part): string[] {
  const own = part.kind === 'units' ? ['change_xid', 'shard'] : ['change_xid'];
  const names = Object.values(getTableColumns(part.table)).map((c) => c.name);
  return own.filter((name) => names.includes(name));
}

function columnsOf(part: Part): string[] {
  const own = ownColumns(part);
  return Object.values(getTableColumns(part.table))
    .map((c) => c.name)
    .filter((name) => !own.includes(name));
}

const ident = (name: string) => `"${name}"`;
const list = (names: readonly string[], alias = '') =>
  names.map((n) => `${alias ? `${alias}.` : ''}${ident(n)}`).join(', ');

/** A row as a snapshot keeps it: the table's row in JSON without the store's own columns (removed in one pass). */
function rowJsonOf(part: Part): string {
  const own = ownColumns(part);
  return own.length === 0 ? 'to_jsonb(t)' : `to_jsonb(t) - ARRAY[${own.map((c) => `'${c}'`).join(', ')}]`;
}

const whereOf = (part: Part) => (part.where ? `WHERE ${part.where}` : '');

async function exec(db: Db, text: string | SQL): Promise<unknown[]> {
  return rowsOf(await db.execute(typeof text === 'string' ? sql.raw(text) : text));
}

/**
 * Times in the rows' JSON read the session's time zone: UTC always, so that a digest is the same on every server.
 * A long save or restore at a million units is not cut by the statement timeout.
 */
async function prepare(tx: Db): Promise<void> {
  await tx.execute(sql`SET LOCAL TimeZone = 'UTC'`);
  await tx.execute(sql`SET LOCAL statement_timeout = 0`);
}

// ---------------------------------------------------------------- digest

/** What a digest covers besides the tables: the clock, its speed and the seed the world was made from. */
export interface WorldHead {
  simulatedAt: number;
  speed: number;
  seed: string;
}

/**
 * sha256 of the world: per part, the rows sorted by key (bytewise) in 16 buckets by their key's md5 (so that no
 * one string grows past what the store aggregates at a million units), each bucket hashed in SQL; then those
 * hashes in order and the head, hashed here. The same rows give the same digest on any server.
 */
function combine(buckets: readonly { kind: string; b: string; h: string }[], head: WorldHead): string {
  const hash = createHash('sha256');
  const sorted = [...buckets].sort((x, y) =>
    x.kind === y.kind ? (x.b < y.b ? -1 : 1) : x.kind < y.kind ? -1 : 1,
  );
  for (const { kind, b, h } of sorted) hash.update(`${kind}/${b}/${h}\n`);
  hash.update(JSON.stringify({ clock: head.simulatedAt, speed: head.speed, seed: head.seed }));
  return hash.digest('hex');
}

/**
 * One part's buckets. `from` gives each row as `r` (its JSON) and `k` (its key). A row adds its JSON text without the
 * columns a replay does not make the same (real times of writes, ids of a log that outlives a restore); a unit is
 * ordered and bucketed by its serial, another row by that text (the ids in other parts' keys may differ between
 * replays). The rows are read once (OFFSET 0: a row's JSON is made once, not at each use of it).
 */
function bucketQuery(part: Part, from: string): string {
  const drops = (part.volatile ?? []).map((c) => ` - '${c}'`).join('');
  const key = part.kind === 'units' ? 'k' : 'txt';
  return `SELECT '${part.kind}' AS kind, left(md5(${key}), 1) AS b,
     encode(sha256(convert_to(string_agg(txt, E'\\n' ORDER BY ${key} COLLATE "C"), 'UTF8')), 'hex') AS h
     FROM (SELECT k, (r${drops})::text AS txt FROM ${from} OFFSET 0) x GROUP BY 2`;
}

const DIGESTED = () => PARTS.filter((p) => !p.derived);

/** The live world's digest (call in a transaction that prepared the session, see {@link worldDigestIn}). */
async function liveDigest(tx: Db, head: WorldHead): Promise<string> {
  const buckets: { kind: string; b: string; h: string }[] = [];
  for (const part of DIGESTED()) {
    const from = `(SELECT ${part.key} AS k, ${rowJsonOf(part)} AS r FROM ${ident(part.name)} t ${whereOf(part)}) y`;
    buckets.push(...((await exec(tx, bucketQuery(part, from))) as typeof buckets));
  }
  return combine(buckets, head);
}

/** A stored snapshot's digest, from its rows. */
async function storedDigest(tx: Db, id: number, head: WorldHead): Promise<string> {
  const buckets: { kind: string; b: string; h: string }[] = [];
  for (const part of DIGESTED()) {
    const from = `(SELECT key AS k, "row" AS r FROM sim_snapshot_rows WHERE snapshot_id = ${id} AND kind = '${part.kind}') y`;
    buckets.push(...((await exec(tx, bucketQuery(part, from))) as typeof buckets));
  }
  return combine(buckets, head);
}

/** The world's digest now, with the clock `head` gives, and how many units it has. */
export function worldDigestIn(db: Db, head: WorldHead): Promise<{ digest: string; units: number }> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await prepare(tx);
    const digest = await liveDigest(tx, head);
    const [count] = (await exec(tx, 'SELECT count(*)::int AS n FROM units')) as { n: number }[];
    return { digest, units: count?.n ?? 0 };
  });
}

// ---------------------------------------------------------------- save, list, find

export type SnapshotRow = typeof simSnapshots.$inferSelect;

/** A transaction's new snapshot row (its counts and digest filled once its rows are in). */
async function startSnapshot(
  tx: Db,
  meta: { name: string; createdBy: string } & WorldHead,
): Promise<SnapshotRow> {
  await prepare(tx);
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
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const created = await startSnapshot(tx, meta);
    for (const part of PARTS) {
      await exec(
        tx,
        `INSERT INTO sim_snapshot_rows (snapshot_id, kind, key, "row")
         SELECT ${created.id}, '${part.kind}', ${part.key}, ${rowJsonOf(part)} FROM ${ident(part.name)} t ${whereOf(part)}`,
      );
    }
    return finishStored(tx, created.id, meta);
  });
}

/** Fills a stored snapshot's unit count, size and digest from its rows. */
async function finishStored(tx: Db, id: number, head: WorldHead): Promise<SnapshotRow> {
  const [sizes] = (await exec(
    tx,
    sql`SELECT count(*) FILTER (WHERE kind = 'units')::int AS units,
               coalesce(sum(pg_column_size("row") + octet_length(key)), 0)::bigint AS bytes
        FROM sim_snapshot_rows WHERE snapshot_id = ${id}`,
  )) as { units: number; bytes: string | number }[];
  const digest = await storedDigest(tx, id, head);
  const [row] = await tx
    .update(simSnapshots)
    .set({ units: sizes?.units ?? 0, bytes: Number(sizes?.bytes ?? 0), digest })
    .where(eq(simSnapshots.id, id))
    .returning();
  if (!row) throw new Error('the snapshot was not stored');
  return row;
}

/** A page of the snapshots, newest first. */
export function listSnapshots(db: Db, page: number): Promise<Page<SnapshotRow>> {
  return pageOf(db, simSnapshots, { page, orderBy: [desc(simSnapshots.createdAt), desc(simSnapshots.id)] });
}

export async function findSnapshot(db: Db, id: number): Promise<SnapshotRow | undefined> {
  const [row] = await db.select().from(simSnapshots).where(eq(simSnapshots.id, id)).limit(1);
  return row;
}

/** A snapshot's rows, part by part in key order, a page at a time (the export streams them). */
export async function* snapshotRows(
  db: Db,
  id: number,
  pageSize = 5_000,
): AsyncGenerator<{ kind: string; key: string; row: Record<string, unknown> }[]> {
  for (const part of PARTS) {
    let after = '';
    for (;;) {
      const rows = await db
        .select({ kind: simSnapshotRows.kind, key: simSnapshotRows.key, row: simSnapshotRows.row })
        .from(simSnapshotRows)
        .where(
          sql`${simSnapshotRows.snapshotId} = ${id} AND ${simSnapshotRows.kind} = ${part.kind} AND ${simSnapshotRows.key} > ${after}`,
        )
        .orderBy(simSnapshotRows.key)
        .limit(pageSize);
      if (rows.length === 0) break;
      yield rows;
      after = rows[rows.length - 1]?.key ?? after;
      if (rows.length < pageSize) break;
    }
  }
}

/**
 * Stores an imported snapshot in one transaction: its rows, then its digest recomputed from them, which must be
 * `digest` (else nothing is stored and the answer says so).
 */
export function storeImported(
  db: Db,
  meta: { name: string; createdBy: string; digest: string } & WorldHead,
  rows: AsyncIterable<{ kind: string; key: string; row: Record<string, unknown> }[]>,
): Promise<{ stored: SnapshotRow } | { digest: string }> {
  return db
    .transaction(async (t) => {
      const tx = t as unknown as Db;
      const created = await startSnapshot(tx, meta);
      for await (const batch of rows) {
        if (batch.length === 0) continue;
        await tx.insert(simSnapshotRows).values(batch.map((r) => ({ snapshotId: created.id, ...r })));
      }
      const stored = await finishStored(tx, created.id, meta);
      if (stored.digest !== meta.digest) throw new DigestMismatch(stored.digest);
      return { stored };
    })
    .catch((error: unknown) => {
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

/** What a restore did besides the rows: how many units it changed. */
export interface RestoreResult {
  digest: string;
  unitsChanged: number;
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
    // Writers of the world wait for the restore, and every write after it is fenced out.
    await exec(tx, 'UPDATE shard_leases SET token = token + 1, holder = NULL, expires_at = NULL');
    let unitsChanged = 0;
    for (const part of PARTS) {
      const step = await restorePart(tx, snapshot.id, part);
      unitsChanged += step;
    }
    await exec(
      tx,
      sql`INSERT INTO sim_settings (key, value) VALUES ('clock', ${JSON.stringify(clock)}::jsonb)
          ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    );
    await exec(
      tx,
      sql`INSERT INTO sim_settings (key, value) VALUES ('restored', ${JSON.stringify({ snapshot: snapshot.id, at: clock.baseReal })}::jsonb)
          ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    );
    await exec(
      tx,
      `SELECT setval('unit_desired_rev_seq', (SELECT GREATEST(coalesce(max(rev), 1), 1) FROM unit_desired))`,
    );
    const digest = await liveDigest(tx, {
      simulatedAt: snapshot.simulatedAt.getTime(),
      speed: snapshot.speed,
      seed: snapshot.seed,
    });
    await beforeCommit(tx);
    return { digest, unitsChanged };
  });
}

const snapRows = (id: number, part: Part) =>
  `SELECT r.* FROM sim_snapshot_rows s CROSS JOIN LATERAL jsonb_populate_record(NULL::${ident(part.name)}, s."row") r
   WHERE s.snapshot_id = ${id} AND s.kind = '${part.kind}'`;

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
  const inSnapshot = `EXISTS (SELECT 1 FROM sim_snapshot_rows s WHERE s.snapshot_id = ${id} AND s.kind = '${part.kind}' AND s.key = ${part.key})`;
  const hasId = cols.includes('id');
  switch (part.restore) {
    case 'units': {
      const set = cols.filter((c) => c !== 'serial_number');
      const [changed] = (await exec(
        tx,
        `WITH snap AS (${snapRows(id, part)}),
         changed AS (
           UPDATE units u SET (${list(set)}) = ROW(${list(set, 'snap')}) FROM snap
           WHERE u.serial_number = snap.serial_number AND ROW(${list(set, 'u')}) IS DISTINCT FROM ROW(${list(set, 'snap')})
           RETURNING u.serial_number),
         added AS (
           INSERT INTO units (${list(cols)}) SELECT ${list(cols, 'snap')} FROM snap
           WHERE NOT EXISTS (SELECT 1 FROM units u WHERE u.serial_number = snap.serial_number)
           RETURNING serial_number),
         logged AS (
           INSERT INTO unit_change_log (serials)
           SELECT array_agg(serial_number) FROM (SELECT serial_number FROM changed UNION ALL SELECT serial_number FROM added) x
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
      const key = part.conflict ?? 'id';
      const set = cols.filter((c) => c !== key);
      // A unit whose desired row goes away is read back by every process (a deleted row leaves no change behind).
      const removedLog =
        part.name === 'unit_desired'
          ? `, logged AS (INSERT INTO unit_change_log (serials) SELECT array_agg(serial_number) FROM removed HAVING count(*) > 0 RETURNING 1)`
          : '';
      await exec(
        tx,
        `WITH removed AS (DELETE FROM ${table} t WHERE NOT ${inSnapshot} RETURNING t.${ident(key)} AS ${ident(key === 'serial_number' ? 'serial_number' : 'k')})${removedLog}
         SELECT 1`,
      );
      await exec(
        tx,
        `INSERT INTO ${table} AS t (${list(cols)}) SELECT ${list(cols)} FROM (${snapRows(id, part)}) snap
         ON CONFLICT (${ident(key)}) DO UPDATE SET (${list(set)}) = ROW(${list(set, 'EXCLUDED')})
         WHERE ROW(${list(set, 't')}) IS DISTINCT FROM ROW(${list(set, 'EXCLUDED')})`,
      );
      if (hasId) await exec(tx, bumpSequence(part.name));
      return 0;
    }
    case 'commands': {
      // The command log is the staff's too: commands queued since are ended, never deleted.
      await exec(
        tx,
        `UPDATE commands t SET status = 'expired' WHERE ${part.where ?? 'true'} AND NOT ${inSnapshot}`,
      );
      const set = cols.filter((c) => c !== 'id');
      await exec(
        tx,
        `INSERT INTO commands AS t (${list(cols)}) SELECT ${list(cols)} FROM (${snapRows(id, part)}) snap
         ON CONFLICT (id) DO UPDATE SET (${list(set)}) = ROW(${list(set, 'EXCLUDED')})`,
      );
      await exec(tx, bumpSequence('commands', true));
      return 0;
    }
    case 'counts': {
      // Counters are absolute: one missing from the snapshot is zero (a deleted row would stay in the read models).
      const keys = (part.conflict ?? '').split(', ');
      const set = cols.filter((c) => !keys.includes(c));
      await exec(tx, `UPDATE fleet_counts t SET n = 0 WHERE n <> 0 AND NOT ${inSnapshot}`);
      await exec(
        tx,
        `INSERT INTO fleet_counts AS t (${list(cols)}) SELECT ${list(cols)} FROM (${snapRows(id, part)}) snap
         ON CONFLICT (${list(keys)}) DO UPDATE SET (${list(set)}) = ROW(${list(set, 'EXCLUDED')})
         WHERE ROW(${list(set, 't')}) IS DISTINCT FROM ROW(${list(set, 'EXCLUDED')})`,
      );
      return 0;
    }
    case 'replace': {
      await exec(tx, `DELETE FROM ${table} t ${whereOf(part)}`);
      await exec(
        tx,
        `INSERT INTO ${table} (${list(cols)}) SELECT ${list(cols)} FROM (${snapRows(id, part)}) snap`,
      );
      if (hasId) await exec(tx, bumpSequence(part.name));
      return 0;
    }
  }
}
