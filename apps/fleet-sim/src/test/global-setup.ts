// Must come first: later imports use the workspace aliases.
import './resolve-aliases';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SAMPLE_SERIAL_PREFIXES } from '@equipment-dashboard/domain';
import { hashPassword } from '../auth/passwords';
import { seedDemoWorld } from '../seed';
import { MIGRATIONS_DIR, openDatabase } from '../store/database';
import { TEMPLATE_ENV } from './template';

const TEST_PASSWORD = 'test-password-123';

/**
 * Runs once per jest run: makes an embedded store with the migrations applied and a small demo world,
 * so each test file copies a folder instead of paying PGlite's initdb and the password hashing.
 * The folder is keyed by the migrations and seed sources, so a change makes a new one.
 */
export default async function globalSetup(): Promise<void> {
  // Keyed by day too: the demo world's dates are relative to the day it was made.
  const hash = createHash('sha256').update(new Date().toISOString().slice(0, 10));
  for (const dir of [MIGRATIONS_DIR, join(__dirname, '../seed')]) {
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir, { recursive: true }).map(String).sort()) {
      const path = join(dir, file);
      if (file.endsWith('.sql') || file.endsWith('.ts') || file.endsWith('.json')) hash.update(file).update(readFileSync(path));
    }
  }
  const root = join(tmpdir(), `fleet-sim-template-${hash.digest('hex').slice(0, 16)}`);
  const pgdata = join(root, 'pgdata');
  process.env[TEMPLATE_ENV] = pgdata;
  if (existsSync(join(pgdata, 'PG_VERSION'))) return;
  const building = `${root}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  const database = await openDatabase({ dataDir: building });
  await seedDemoWorld(database.db, {
    seed: 'test-world',
    size: 200,
    demoPassword: TEST_PASSWORD,
    hashPassword,
    prefixes: SAMPLE_SERIAL_PREFIXES,
    now: new Date(),
  });
  await database.checkpoint();
  await database.close();
  mkdirSync(root, { recursive: true });
  if (!existsSync(join(pgdata, 'PG_VERSION'))) renameSync(join(building, 'pgdata'), pgdata);
  rmSync(building, { recursive: true, force: true });
}
