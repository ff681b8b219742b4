import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import { seedDemoWorld } from '../seed';
import { countUsers } from '../store/repos/users-repo';
import type { ServiceDeps } from './service-deps';

/** Advisory lock id held while seeding, so two processes sharing one PostgreSQL seed it once. */
const SEED_LOCK = 727_001;

function generatedPassword(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * On first start (no users), builds the deterministic demo world from FLEET_SEED and FLEET_SIZE.
 * The demo password is DEMO_PASSWORD, or a generated one printed once and written to
 * DATA_DIR/demo-credentials.txt (readable by the owner only).
 */
export async function ensureDemoWorld(
  deps: Pick<ServiceDeps, 'db' | 'config' | 'logger' | 'prefixes'>,
): Promise<void> {
  const { db, config, logger } = deps;
  if ((await countUsers(db)) > 0) return;
  const password = config.DEMO_PASSWORD ?? generatedPassword();
  const seeded = await db.transaction(async (tx) => {
    // Held until commit, on the transaction's own connection.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    // The seed computes between its statements (password hashes, thousands of units): on a busy machine a gap can
    // pass the store's idle-in-transaction limit, which would end the connection and leave the process unseeded.
    await tx.execute(sql`SET LOCAL idle_in_transaction_session_timeout = 0`);
    const txDb = tx as unknown as typeof db;
    if ((await countUsers(txDb)) > 0) return null;
    const started = Date.now();
    logger.info({ size: config.FLEET_SIZE, seed: config.FLEET_SEED }, 'seeding the demo world');
    const { usernames } = await seedDemoWorld(txDb, {
      seed: config.FLEET_SEED,
      size: config.FLEET_SIZE,
      demoPassword: password,
      hashPassword,
      prefixes: deps.prefixes,
      now: new Date(),
    });
    logger.info({ ms: Date.now() - started, users: usernames.length }, 'demo world seeded');
    return usernames;
  });
  if (seeded && !config.DEMO_PASSWORD) {
    const lines = [
      'Equipment Dashboard demo users (one per role); the password below is shown once.',
      `users: ${seeded.join(', ')}`,
      `password: ${password}`,
      '',
    ].join('\n');
    mkdirSync(config.DATA_DIR, { recursive: true });
    const file = join(config.DATA_DIR, 'demo-credentials.txt');
    writeFileSync(file, lines, { mode: 0o600 });
    // Printed on purpose, once: this is how a new user learns how to sign in.
    console.log(`\n${lines}(also saved to ${file})\n`);
  }
}
