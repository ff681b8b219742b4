import { performance } from 'node:perf_hooks';
import { setImmediate as turn } from 'node:timers/promises';
import type { AlertState } from '@equipment-dashboard/domain';
import {
  ALERT_WRITE_BATCH,
  applyAlertChanges,
  insertAlerts,
  notificationOf,
  openAlertOf as openAlertRow,
  recordAlertChanges,
  subjectsAlertedSince,
  type AlertChange,
  type AlertChangeFacts,
  type AlertRowChange,
  type NewAlert,
} from '../../store/repos/alerts-repo';
import { metrics } from '../../core/metrics';
import type { Db } from '../../store/database';
import type { JobLease } from '../job-lease';
import { forget, openAlertOf, remember, type AlertOp } from './alert-book';

type CreateOp = Extract<AlertOp, { op: 'create' }>;
type ChangeOp = Extract<AlertOp, { op: 'change' }>;

/** What a write did: the alerts it changed (for the live events) and how many rows. */
export interface WriteOutcome {
  changed: number[];
  created: number;
  updated: number;
  /** Changes of state written, by the state entered. */
  entered: Partial<Record<AlertState, number>>;
}

const toDate = (ms: number) => new Date(ms);

function newAlert(op: CreateOp, now: Date): NewAlert {
  const { rule, alert, holding } = op;
  return {
    ruleId: rule.id,
    ruleName: rule.name,
    kind: alert.kind,
    severity: rule.severity,
    subjectKey: alert.key,
    subject: holding.subject,
    serialNumber: alert.serialNumber,
    family: alert.family,
    state: alert.state,
    summary: holding.summary,
    cause: alert.cause,
    startedAt: toDate(alert.since),
    firedAt: op.firedAt === null ? null : toDate(op.firedAt),
    updatedAt: now,
  };
}

/** Drops the creations whose episode already had an alert (the store says so; memory was lost at a takeover). */
async function unguarded(db: Db, ops: CreateOp[]): Promise<CreateOp[]> {
  const byRule = new Map<number, CreateOp[]>();
  for (const op of ops) if (op.holding.guard) byRule.set(op.rule.id, [...(byRule.get(op.rule.id) ?? []), op]);
  if (byRule.size === 0) return ops;
  const skip = new Set<CreateOp>();
  for (const [ruleId, guarded] of byRule) {
    const seen = await subjectsAlertedSince(
      db,
      ruleId,
      guarded.map((op) => ({ key: op.alert.key, since: toDate(op.alert.since) })),
    );
    for (const op of guarded) {
      if (!seen.has(op.alert.key)) continue;
      skip.add(op);
      forget(op.rule, op.alert.key);
      op.rule.consumed.set(op.alert.key, op.alert.since);
    }
  }
  return ops.filter((op) => !skip.has(op));
}

/** Writes new alerts with their first state, outbox rows and timeline entries. */
async function writeCreates(tx: Db, ops: CreateOp[], now: Date): Promise<AlertChange<AlertChangeFacts>[]> {
  const inserted = await insertAlerts(
    tx,
    ops.map((op) => newAlert(op, now)),
  );
  const byKey = new Map(inserted.map((row) => [`${row.ruleId}\u0000${row.subjectKey}`, row]));
  const changes: AlertChange<AlertChangeFacts>[] = [];
  for (const op of ops) {
    const row = byKey.get(`${op.rule.id}\u0000${op.alert.key}`);
    if (row) {
      op.alert.id = row.id;
      changes.push({
        before: null,
        after: row,
        by: op.by,
        notify: notificationOf(null, row.state as AlertState),
      });
      continue;
    }
    // Another writer's open alert holds the subject: follow that one.
    const existing = await openAlertRow(tx, op.rule.id, op.alert.key);
    if (existing) {
      Object.assign(op.alert, { ...openAlertOf(existing), baseline: op.alert.baseline });
      remember(op.rule, op.alert);
    } else {
      forget(op.rule, op.alert.key);
    }
  }
  await recordAlertChanges(tx, changes);
  return changes;
}

function rowChange(op: ChangeOp): AlertRowChange {
  return {
    id: op.alert.id,
    from: op.from,
    state: op.to ?? undefined,
    ruleName: op.rule.name,
    severity: op.rule.severity,
    summary: op.summary,
    subject: op.subject,
    startedAt: op.since === undefined ? undefined : toDate(op.since),
    firedAt: op.firedAt === undefined ? undefined : toDate(op.firedAt),
    cause: op.cause ?? undefined,
    resolvedBy: op.to === 'resolved' ? op.by : undefined,
  };
}

/** Memory follows the store where staff changed an alert meanwhile (acknowledged it, resolved it by hand). */
function follow(op: ChangeOp, state: AlertState): void {
  const { rule, alert } = op;
  alert.state = state;
  if (rule.open.get(alert.key) !== alert) return;
  if (state === 'resolved') {
    forget(rule, alert.key);
    rule.consumed.set(alert.key, alert.since);
  } else {
    remember(rule, alert);
  }
}

/**
 * Writes changes of open alerts, each applied only if the alert's state in the store allows it (staff may have
 * acted meanwhile), with their state history, outbox rows and timeline entries. An alert changes at most once a
 * batch (the caller splits batches where one changes twice).
 */
async function writeChanges(tx: Db, ops: ChangeOp[], now: Date): Promise<AlertChange<AlertChangeFacts>[]> {
  const results = new Map((await applyAlertChanges(tx, ops.map(rowChange), now)).map((r) => [r.id, r]));
  const changes: AlertChange<AlertChangeFacts>[] = [];
  for (const op of ops) {
    const result = results.get(op.alert.id);
    if (!result) {
      if (op.rule.open.get(op.alert.key) === op.alert) forget(op.rule, op.alert.key);
      continue;
    }
    if (!result.applied) {
      follow(op, result.before);
      continue;
    }
    if (op.to === null) continue;
    const after = {
      id: op.alert.id,
      ruleId: op.rule.id,
      ruleName: op.rule.name,
      kind: op.alert.kind,
      severity: op.rule.severity,
      state: op.to,
      serialNumber: op.alert.serialNumber,
      updatedAt: now,
    };
    changes.push({
      before: { state: result.before },
      after,
      by: op.by,
      notify: notificationOf(result.before, op.to),
    });
  }
  await recordAlertChanges(tx, changes);
  return changes;
}

/** Splits changes into runs in which each alert appears once (a look may change an alert twice: a new start, then resolved). */
function runsOf(ops: readonly ChangeOp[]): ChangeOp[][] {
  const runs: ChangeOp[][] = [];
  let run: ChangeOp[] = [];
  let ids = new Set<number>();
  for (const op of ops) {
    if (ids.has(op.alert.id)) {
      runs.push(run);
      run = [];
      ids = new Set();
    }
    run.push(op);
    ids.add(op.alert.id);
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/**
 * How many alerts one fenced transaction writes (up to ALERT_WRITE_BATCH), sized from how long the last ones took.
 * The embedded store runs one statement at a time, so a list waits behind a long write: there a transaction aims at
 * 40 ms. PostgreSQL serves lists beside a write, but under load each statement waits its turn whatever its size: aimed
 * at 40 ms, its batches fell to 100 alerts, about 100 a second at 1,000,000 units, and a storm's alerts took minutes.
 * There a transaction aims at a second, still at most ALERT_WRITE_BATCH alerts: building a batch holds the event
 * loop, and with 5,000 a list's p95 during a storm tripled.
 *
 * PostgreSQL also takes `writers` transactions at once: one writer leaves the store idle while the process builds
 * and reads back each batch (two take about 1.4 times the alerts a second of one on a store with room to spare:
 * tools/bench/alert-writes.ts). The embedded store runs one statement at a time, so there it is one.
 */
export class BatchSize {
  static readonly MIN = 100;
  static readonly TARGET_MS = { pglite: 40, postgres: 1_000 } as const;
  static readonly WRITERS = { pglite: 1, postgres: 2 } as const;
  private readonly targetMs: number;
  readonly writers: number;
  value = 250;

  constructor(store: 'pglite' | 'postgres') {
    this.targetMs = BatchSize.TARGET_MS[store];
    this.writers = BatchSize.WRITERS[store];
    if (store === 'postgres') this.value = ALERT_WRITE_BATCH;
  }

  /** Takes how long a batch of `rows` took. */
  took(rows: number, ms: number): void {
    if (rows < this.value / 2) return;
    const next = Math.round((rows * this.targetMs) / Math.max(1, ms));
    this.value = Math.max(BatchSize.MIN, Math.min(ALERT_WRITE_BATCH, Math.round((this.value + next) / 2)));
  }
}

/**
 * Writes decisions in their order (each run of one kind after the one before it, its batches `size.writers` at once),
 * in fenced transactions of `size` alerts, the event loop turning between them so that a storm of alerts holds
 * neither requests nor live events. A change of an alert not written (its creation was
 * dropped: the store had the episode already) is left out. `keepAlive` runs between batches (the lease's renewal).
 */
export async function writeOps(
  lease: JobLease,
  db: Db,
  ops: readonly AlertOp[],
  now: number,
  size: BatchSize,
  keepAlive: () => Promise<void> = () => Promise.resolve(),
): Promise<WriteOutcome> {
  const at = toDate(now);
  const outcome: WriteOutcome = { changed: [], created: 0, updated: 0, entered: {} };
  const count = (changes: readonly AlertChange<AlertChangeFacts>[]) => {
    for (const c of changes) {
      const state = c.after.state as AlertState;
      outcome.changed.push(c.after.id);
      outcome.entered[state] = (outcome.entered[state] ?? 0) + 1;
    }
  };
  const timed = async <T>(rows: number, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    const ms = performance.now() - started;
    metrics.alertWriteDuration.observe(ms / 1000);
    metrics.alertWriteRows.inc(rows);
    size.took(rows, ms);
    await turn();
    await keepAlive();
    return result;
  };
  const createAll = (creates: CreateOp[]) =>
    inBatches(creates, size, async (slice) => {
      const batch = await unguarded(db, slice);
      if (batch.length === 0) return;
      const created = await timed(batch.length, () => lease.write((tx) => writeCreates(tx, batch, at)));
      count(created);
      outcome.created += created.length;
    });
  const changeAll = async (changes: ChangeOp[]) => {
    for (const run of runsOf(changes.filter((op) => op.alert.id > 0))) {
      await inBatches(run, size, async (batch) => {
        count(await timed(batch.length, () => lease.write((tx) => writeChanges(tx, batch, at))));
        outcome.updated += batch.length;
      });
    }
  };
  for (const group of groupsOf(ops)) {
    if (group.op === 'create') await createAll(group.ops);
    else await changeAll(group.ops);
  }
  return outcome;
}

/**
 * Writes `ops` in batches of `size.value` (taken as each starts: it adapts), `size.writers` at once. The ops of a
 * group are independent of each other (creations of distinct subjects, changes of distinct alerts), so their order
 * does not matter; a failure ends the other writers' loops and is thrown once they stop.
 */
export async function inBatches<T>(ops: readonly T[], size: BatchSize, write: (batch: T[]) => Promise<void>) {
  let next = 0;
  let failed = false;
  const writer = async () => {
    while (next < ops.length && !failed) {
      const batch = ops.slice(next, next + size.value);
      next += batch.length;
      try {
        await write(batch);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const results = await Promise.allSettled(Array.from({ length: size.writers }, writer));
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
}

type Group = { op: 'create'; ops: CreateOp[] } | { op: 'change'; ops: ChangeOp[] };

/** Consecutive decisions of one kind, in order. */
function groupsOf(ops: readonly AlertOp[]): Group[] {
  const groups: Group[] = [];
  for (const op of ops) {
    const last = groups.at(-1);
    if (last?.op === 'create' && op.op === 'create') last.ops.push(op);
    else if (last?.op === 'change' && op.op === 'change') last.ops.push(op);
    else groups.push(op.op === 'create' ? { op: 'create', ops: [op] } : { op: 'change', ops: [op] });
  }
  return groups;
}
