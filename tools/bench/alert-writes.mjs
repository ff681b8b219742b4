// How many alerts a second the store takes as the alert evaluator writes them (docs/decisions.md, "Writes"): a fresh
// schema migrated by one start of the built server, then BENCH_ALERTS (100,000) new firing alerts in transactions of
// 1,000, each the writer's four statements (the alerts, their state history, their outbox rows, the units'
// timelines; one bound array per column), by 1, 2 and 4 writers at once, and 1 again (the machine's drift).
// Prints alerts a second for each. Passes nothing.
//
//   npx nx run fleet-sim:build
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node tools/bench/alert-writes.mjs
import { rmSync } from 'node:fs';
import pg from 'pg';
import { benchProcesses, benchSetup } from './bench-processes.mjs';

const setup = benchSetup('alert_writes');
const total = Number(process.env.BENCH_ALERTS ?? 100_000);
const BATCH = 1_000;
const processes = benchProcesses({ ...setup, env: { ...setup.env, FLEET_SIZE: '100' } });

const pool = new pg.Pool({
  connectionString: setup.databaseUrl,
  options: `-c search_path=${setup.schema}`,
  max: 4,
});
let next = 0;

async function writeBatch(ruleId) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const keys = Array.from({ length: BATCH }, () => `BENCH${String(next++).padStart(7, '0')}`);
    const now = new Date().toISOString();
    const all = (value) => keys.map(() => value);
    const { rows } = await client.query(
      `INSERT INTO alerts (rule_id, rule_name, kind, severity, subject_key, subject, serial_number, family, state, summary, cause, started_at, fired_at, updated_at)
       SELECT d.rule_id, d.rule_name, d.kind, d.severity, d.subject_key, d.subject::jsonb, d.serial_number, d.family, d.state, d.summary, d.cause,
         d.started_at, d.fired_at, d.updated_at
       FROM unnest($1::integer[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[],
         $11::text[], $12::timestamptz[], $13::timestamptz[], $14::timestamptz[])
         AS d(rule_id, rule_name, kind, severity, subject_key, subject, serial_number, family, state, summary, cause, started_at, fired_at, updated_at)
       ON CONFLICT (rule_id, subject_key) WHERE state <> 'resolved' DO NOTHING
       RETURNING id`,
      [
        all(ruleId),
        all('Fleet offline'),
        all('unitOffline'),
        all('critical'),
        keys.map((k) => `unit:${k}`),
        keys.map((k) => JSON.stringify({ serialNumber: k, family: 'aligner' })),
        keys,
        all('aligner'),
        all('firing'),
        keys.map((k) => `Unit ${k} offline since 10:00`),
        all(null),
        all(now),
        all(now),
        all(now),
      ],
    );
    const ids = rows.map((row) => row.id);
    const each = (value) => ids.map(() => value);
    await client.query(
      `INSERT INTO alert_events (alert_id, from_state, to_state, by, comment, at)
       SELECT * FROM unnest($1::integer[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[])`,
      [ids, each(null), each('firing'), each('condition holds'), each(null), each(now)],
    );
    await client.query(
      `INSERT INTO alert_notifications (rule_id, alert_id, event) SELECT * FROM unnest($1::integer[], $2::integer[], $3::text[])`,
      [each(ruleId), ids, each('firing')],
    );
    await client.query(
      `INSERT INTO unit_history (serial_number, kind, summary, detail, actor, at)
       SELECT d.serial_number, d.kind, d.summary, d.detail::jsonb, d.actor, d.at
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[]) AS d(serial_number, kind, summary, detail, actor, at)`,
      [
        keys,
        all('alert'),
        all('Alert Fleet offline firing'),
        keys.map(() => JSON.stringify({ ruleId })),
        all(null),
        all(now),
      ],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

try {
  // One start of the built server migrates the fresh schema.
  const api = await processes.start('migrate', 'api');
  await processes.stop(api);
  const {
    rows: [rule],
  } = await pool.query(
    `INSERT INTO alert_rules (name, kind, severity, scope, for_minutes, channels, flapping, enabled, created_by, created_at, updated_at)
     VALUES ('Fleet offline', 'unitOffline', 'critical', '{"kind":"fleet"}', 1, '{}', '{}', true, 'bench', now(), now()) RETURNING id`,
  );
  console.log(`${total.toLocaleString()} firing alerts in transactions of ${BATCH.toLocaleString()}:`);
  for (const writers of [1, 2, 4, 1]) {
    let written = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: writers }, async () => {
        while (written < total) {
          written += BATCH;
          await writeBatch(rule.id);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `  ${writers} writer${writers > 1 ? 's' : ' '} at once: ${seconds.toFixed(1)} s, ${Math.round(total / seconds).toLocaleString()} alerts a second`,
    );
  }
} finally {
  await processes.stopAll();
  await pool.query(`DROP SCHEMA IF EXISTS "${setup.schema}" CASCADE`).catch(() => undefined);
  await pool.end();
  rmSync(setup.dataDir, { recursive: true, force: true });
}
