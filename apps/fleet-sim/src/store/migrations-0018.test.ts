import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR, type Db } from './database';
import { findSnapshot } from './repos/snapshots-repo';
import { rowsOf } from './repos/feed-repo';

/** The migrations up to and with `last` (the journal cut there), in a folder of their own. */
function migrationsUpTo(last: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

describe('migration 0018: snapshots kept in typed copies', () => {
  it('when a store holds a snapshot saved as JSON rows, then after the migration its rows are in the copies, typed, and its digest is to be made again', async () => {
    const client = new PGlite();
    const db = drizzle(client);
    const before = migrationsUpTo(17);
    try {
      await migrate(db, { migrationsFolder: before });
      await db.execute(sql`INSERT INTO sim_snapshots (id, name, created_by, simulated_at, speed, seed, units, digest)
        VALUES (1, 'before', 'engineer', now(), 1, 'seed', 1, ${'a'.repeat(64)})`);
      const unit = {
        serial_number: 'S1',
        family: 'aligner',
        version_semantic: '5.4.0',
        version_meta: '',
        version_order: 3,
        system_class: 'x',
        board_class: 'y',
        log_level: 'WARN',
        connect_count: 2,
        connected: true,
        alignment_count: 7,
        country_code: 'US',
        geolocation: { country: 'US', region: 'CA', city: 'Fresno' },
        update_state: { state: 'IDLE' },
        created_at: '2026-01-01T00:00:00+00:00',
        updated_at: '2026-01-02T00:00:00+00:00',
        staged_rev_done: 0,
      };
      await db.execute(sql`INSERT INTO sim_snapshot_rows (snapshot_id, kind, key, "row") VALUES
        (1, 'units', 'S1', ${JSON.stringify(unit)}::jsonb),
        (1, 'settings', 'fleet', ${JSON.stringify({ key: 'fleet', value: { churn: 2 }, updated_at: '2026-01-02T00:00:00+00:00' })}::jsonb)`);

      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });

      const [copied] = rowsOf<Record<string, unknown>>(
        await db.execute(sql`SELECT snapshot_id, serial_number, alignment_count, connected, geolocation,
          updated_at::text AS updated_at FROM sim_snapshot_units`),
      );
      expect(copied).toEqual({
        snapshot_id: 1,
        serial_number: 'S1',
        alignment_count: 7,
        connected: true,
        geolocation: unit.geolocation,
        updated_at: expect.stringMatching(/^2026-01-02 00:00:00/),
      });
      const settings = rowsOf<{ value: unknown }>(
        await db.execute(sql`SELECT value FROM sim_snapshot_sim_settings`),
      );
      expect(settings).toEqual([{ value: { churn: 2 } }]);
      const [snapshot] = rowsOf<{ digest: string }>(await db.execute(sql`SELECT digest FROM sim_snapshots`));
      expect(snapshot?.digest).toBe('');
      // Its first use makes the digest from the typed rows, and keeps it.
      const found = await findSnapshot(db as unknown as Db, 1);
      expect(found?.digest).toMatch(/^[0-9a-f]{64}$/);
      const [kept] = rowsOf<{ digest: string }>(await db.execute(sql`SELECT digest FROM sim_snapshots`));
      expect(kept?.digest).toBe(found?.digest);
      const gone = rowsOf<{ t: string | null }>(
        await db.execute(sql`SELECT to_regclass('sim_snapshot_rows')::text AS t`),
      );
      expect(gone).toEqual([{ t: null }]);
    } finally {
      await client.close();
      rmSync(before, { recursive: true, force: true });
    }
  });
});
