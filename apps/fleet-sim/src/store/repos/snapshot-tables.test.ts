import { sql } from 'drizzle-orm';
import { useTestStore } from '../../test/test-store';
import { rowsOf } from './feed-repo';
import { columnsOf, copyOf, PARTS } from './snapshots-repo';

/** A table's columns in the test's schema, each with its type. */
async function columnTypes(
  db: ReturnType<ReturnType<typeof useTestStore>>['db'],
  table: string,
): Promise<Record<string, string>> {
  const rows = rowsOf<{ name: string; type: string }>(
    await db.execute(sql`SELECT column_name AS name, format_type(a.atttypid, a.atttypmod) AS type
      FROM information_schema.columns c
      JOIN pg_attribute a ON a.attrelid = to_regclass(quote_ident(c.table_name)) AND a.attname = c.column_name
      WHERE c.table_schema = current_schema() AND c.table_name = ${table}`),
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.type]));
}

describe('the typed copies that hold snapshots', () => {
  const database = useTestStore('snapshot-tables');

  it.each(PARTS.map((part) => [part.name, part] as const))(
    'when a world table is %s, then its copy holds the columns a snapshot keeps, of the same types, and snapshot_id',
    async (_name, part) => {
      const { db } = database();
      const live = await columnTypes(db, part.name);
      const copy = await columnTypes(db, copyOf(part));
      const kept = Object.fromEntries(columnsOf(part).map((name) => [name, live[name]]));
      // A migration that adds, drops or changes a column of a world table changes its copy the same way.
      expect(copy).toEqual({ ...kept, snapshot_id: 'integer' });
    },
  );
});
