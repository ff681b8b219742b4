// Must come first: later imports use the workspace aliases.
import './resolve-aliases';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SAMPLE_SERIAL_PREFIXES } from '@equipment-dashboard/domain';
import { hashPassword } from '../auth/passwords';
import { seedDemoWorld } from '../seed';
import { writeDemoHistory } from '../seed/history';
import { MIGRATIONS_DIR, openDatabase } from '../store/database';
import { TEMPLATE_ENV } from './template';

const TEST_PASSWORD = 'test-password-123';
const TEMPLATE_PREFIX = 'fleet-sim-template-';

/** Templates of earlier hours (about 40 MB each); one a few hours old may still serve a running jest. */
function removeStaleTemplates(): void {
  const staleBefore = Date.now() - 3 * 3_600_000;
  for (const name of readdirSync(tmpdir())) {
    const path = join(tmpdir(), name);
    if (name.startsWith(TEMPLATE_PREFIX) && statSync(path).mtimeMs < staleBefore)
      rmSync(path, { recursive: true, force: true });
  }
}

/**
 * Runs once per jest run: makes an embedded store with the migrations applied and a small demo world,
 * so each test file copies a folder instead of paying PGlite's initdb and the password hashing.
 * The folder is keyed by the migrations and seed sources, so a change makes a new one.
 */
export default async function globalSetup(): Promise<void> {
  // Keyed by the UTC hour too: the demo world's days and hours (the scheduler's 48 hourly buckets) end
  // when it was made, so a template from two hours ago would leave a gap that no server would have.
  const hash = createHash('sha256').update(new Date().toISOString().slice(0, 13));
  for (const dir of [MIGRATIONS_DIR, join(__dirname, '../seed')]) {
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir, { recursive: true }).map(String).sort()) {
      const path = join(dir, file);
      if (file.endsWith('.sql') || file.endsWith('.ts') || file.endsWith('.json'))
        hash.update(file).update(readFileSync(path));
    }
  }
  const root = join(tmpdir(), `${TEMPLATE_PREFIX}${hash.digest('hex').slice(0, 16)}`);
  const pgdata = join(root, 'pgdata');
  process.env[TEMPLATE_ENV] = pgdata;
  if (existsSync(join(pgdata, 'PG_VERSION'))) return;
  removeStaleTemplates();
  const building = `${root}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  const database = await openDatabase({ dataDir: building });
  const now = new Date();
  await seedDemoWorld(database.db, {
    seed: 'test-world',
    size: 200,
    demoPassword: TEST_PASSWORD,
    hashPassword,
    prefixes: SAMPLE_SERIAL_PREFIXES,
    now,
  });
  // Its 90 days of history too, as a server's first rollups pass would write them (each test server skips it).
  await writeDemoHistory(database.db, { seed: 'test-world', seededAt: now.toISOString() });
  await database.checkpoint();
  await database.close();
  mkdirSync(root, { recursive: true });
  if (!existsSync(join(pgdata, 'PG_VERSION'))) renameSync(join(building, 'pgdata'), pgdata);
  rmSync(building, { recursive: true, force: true });
}
