// How many alerts a second the store takes as the alert evaluator writes them (docs/decisions.md, "Writes"): a fresh
// schema, then BENCH_ALERTS (100,000) new firing alerts in transactions of ALERT_WRITE_BATCH, each written by the
// evaluator's own repository calls (the alerts, then their state history, outbox rows and units' timelines), by 1, 2
// and 4 writers at once, and 1 again (the machine's drift). Prints alerts a second for each. Passes nothing.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test TSX_TSCONFIG_PATH=tsconfig.base.json node --import tsx tools/bench/alert-writes.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../apps/fleet-sim/src/store/database';
import type { Db } from '../../apps/fleet-sim/src/store/database';
import { inTransaction } from '../../apps/fleet-sim/src/store/transaction';
import { insertRule } from '../../apps/fleet-sim/src/store/repos/alert-rules-repo';
import {
  ALERT_WRITE_BATCH,
  insertAlerts,
  notificationOf,
  recordAlertChanges,
} from '../../apps/fleet-sim/src/store/repos/alerts-repo';

const databaseUrl = process.env['DATABASE_URL'];
if (!databaseUrl) {
  console.error('DATABASE_URL is needed (postgres://postgres@127.0.0.1:5432/test here).');
  process.exit(2);
}
const total = Number(process.env['BENCH_ALERTS'] ?? 100_000);
const schemaName = `bench_alert_writes_${Date.now()}`;
const dataDir = mkdtempSync(join(tmpdir(), 'fleet-bench-alert-writes-'));
let next = 0;

/** One transaction of new firing alerts, as the evaluator writes a batch of creations. */
async function writeBatch(db: Db, ruleId: number): Promise<void> {
  const now = new Date();
  const serials = Array.from({ length: ALERT_WRITE_BATCH }, () => `BENCH${String(next++).padStart(7, '0')}`);
  await inTransaction(db, async (tx) => {
    const inserted = await insertAlerts(
      tx,
      serials.map((serialNumber) => ({
        ruleId,
        ruleName: 'Fleet offline',
        kind: 'unitOffline',
        severity: 'critical',
        subjectKey: `unit:${serialNumber}`,
        subject: { serialNumber, family: 'aligner' },
        serialNumber,
        family: 'aligner',
        state: 'firing',
        summary: `Unit ${serialNumber} offline since 10:00`,
        cause: null,
        startedAt: now,
        firedAt: now,
        updatedAt: now,
      })),
    );
    await recordAlertChanges(
      tx,
      inserted.map((row) => ({
        before: null,
        after: row,
        by: 'condition holds',
        notify: notificationOf(null, 'firing'),
      })),
    );
  });
}

async function main(url: string): Promise<void> {
  const store = await openDatabase({ databaseUrl: url, dataDir, schemaName });
  try {
    const now = new Date();
    const rule = await insertRule(store.db, {
      name: 'Fleet offline',
      kind: 'unitOffline',
      severity: 'critical',
      scope: { kind: 'fleet' },
      forMinutes: 1,
      channels: { email: [], webhookIds: [] },
      flapping: { drops: 3, windowMinutes: 30 },
      createdBy: 'bench',
      createdAt: now,
      updatedAt: now,
    });
    console.log(
      `${total.toLocaleString()} firing alerts in transactions of ${ALERT_WRITE_BATCH.toLocaleString()}:`,
    );
    for (const writers of [1, 2, 4, 1]) {
      let taken = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: writers }, async () => {
          while (taken < total) {
            taken += ALERT_WRITE_BATCH;
            await writeBatch(store.db, rule.id);
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `  ${writers} writer${writers > 1 ? 's' : ' '} at once: ${seconds.toFixed(1)} s, ${Math.round(total / seconds).toLocaleString()} alerts a second`,
      );
    }
  } finally {
    await store.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schemaName}" CASCADE`);
    await client.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main(databaseUrl);
