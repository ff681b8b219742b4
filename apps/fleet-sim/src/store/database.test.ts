import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS_DIR, openDatabase } from './database';
import { DatabaseOpenError } from './database-errors';

describe('the embedded store (PGlite in DATA_DIR)', () => {
  const dirs: string[] = [];
  const fresh = () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-sim-store-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('when another live process holds the folder, then opening fails fast and names it', async () => {
    const dir = fresh();
    writeFileSync(join(dir, 'fleet-sim.lock'), String(process.ppid));
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(
      `in use by another fleet-sim process (pid ${process.ppid})`,
    );
    expect(existsSync(join(dir, 'pgdata'))).toBe(false);
  });

  it('when the folder is already open in this process, then a second open fails; after close it opens again', async () => {
    const dir = fresh();
    const first = await openDatabase({ dataDir: dir });
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DatabaseOpenError);
    await first.close();
    const again = await openDatabase({ dataDir: dir });
    await again.close();
    expect(existsSync(join(dir, 'fleet-sim.lock'))).toBe(false);
  });

  it('when a lock was left by a process that died, then it is taken over', async () => {
    const dir = fresh();
    writeFileSync(join(dir, 'fleet-sim.lock'), '2147483646');
    const db = await openDatabase({ dataDir: dir });
    await db.close();
  });

  it('when pgdata holds something that is not a database, then it fails clearly and touches nothing', async () => {
    const dir = fresh();
    mkdirSync(join(dir, 'pgdata'));
    writeFileSync(join(dir, 'pgdata', 'notes.txt'), 'not a database');
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/no PostgreSQL data/);
    expect(readdirSync(join(dir, 'pgdata'))).toEqual(['notes.txt']);
    expect(existsSync(join(dir, 'fleet-sim.lock'))).toBe(false);
  });

  it('when the database files are corrupt, then it fails clearly and never re-creates the data', async () => {
    const dir = fresh();
    const db = await openDatabase({ dataDir: dir });
    await db.close();
    const control = join(dir, 'pgdata', 'global', 'pg_control');
    writeFileSync(control, Buffer.alloc(8192, 0xff));
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DatabaseOpenError);
    expect(readFileSync(control)).toEqual(Buffer.alloc(8192, 0xff));
  });

  it('when the migrations are read, then none names the public schema (they apply in any schema)', () => {
    for (const file of readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'))) {
      expect({
        file,
        qualified: readFileSync(join(MIGRATIONS_DIR, file), 'utf8').includes('"public".'),
      }).toEqual({ file, qualified: false });
    }
  });
});
