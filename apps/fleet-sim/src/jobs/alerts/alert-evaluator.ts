import { performance } from 'node:perf_hooks';
import { setImmediate as turn } from 'node:timers/promises';
import { UPDATE_FAILED_STATE } from '@equipment-dashboard/domain';
import { metrics } from '../../core/metrics';
import { announceAlerts } from '../../services/alerts-service';
import { EMPTY_SCOPE, resolveAlertScope, type StoredAlertScope } from '../../services/alert-scope';
import type { ServiceDeps } from '../../services/service-deps';
import { escalatedOpenTickets, pausedRollouts } from '../../store/repos/alert-sources-repo';
import { allRules, type AlertRuleRow } from '../../store/repos/alert-rules-repo';
import { openAlertsOf, type AlertRow } from '../../store/repos/alerts-repo';
import { FencedOutError } from '../../store/repos/job-leases-repo';
import type { UnitFacts } from '../../read-models/unit-index';
import { JobLease } from '../job-lease';
import {
  AlertBook,
  openAlertOf,
  remember,
  RULE_FACTS_DEFAULTS,
  ruleStamp,
  ruleStateOf,
  UnitTally,
  type AlertOp,
  type RuleState,
} from './alert-book';
import { loadSilences } from './alert-silences';
import { BatchSize, writeOps, type WriteOutcome } from './alert-writer';
import { lookAtConnectedShare } from './connected-share';
import { unitKey, type Look } from './look';
import { remind } from './reminders';
import { lookAtRollouts } from './rollout-paused';
import { lookAtServices } from './service-down';
import { lookAtTickets } from './tickets-unanswered';
import { DropLog, flapKey, lookAtOfflineUnit, settleFlapping } from './unit-offline';
import { FailedUnits, lookAtRolloutFailure, lookAtUpdatedUnit, RolloutFailures } from './update-failed';
import { WriteQueue } from './write-queue';

/** The lease one process evaluates alerts under. */
export const ALERT_EVALUATOR_LEASE = 'alert-evaluator';
/** A look every this long (real time), and at every change of the simulated clock. */
const LOOK_EVERY_MS = 2_000;
/**
 * How long (real ms) the evaluator holds the event loop before requests and live events get a turn, when it looks at
 * changed units or walks the fleet. A slice by time rather than by count: a unit costs more the more rules watch it
 * (about 16 µs under 21 rules), and a slice of 5,000 units held a list page about 80 ms in a storm.
 */
const SLICE_MS = 10;
/** Changed units looked at, and positions of the fleet walked, between two readings of the clock. */
const UNITS_A_STEP = 128;
const WALK_A_STEP = 1_000;
/** The lease is renewed at least this often while a long look writes. */
const RENEW_EVERY_MS = 3_000;
/**
 * How long (real ms) a look goes on starting the writes that may wait (pending alerts) once the urgent ones are
 * written: about 5% of the time between looks. A quiet fleet's pending alerts fit in it whole; a fleet changing 1% a
 * second at 1,000,000 units drops thousands of units a second, most of them back before their pending period ends,
 * and writing all their pending alerts cost more than the rest of the evaluation.
 */
const SPARE_WRITE_MS = 100;
/** Reminders are looked for when the simulated clock moved this far since the last time (they count in minutes). */
const REMIND_EVERY_SIM_MS = 30_000;

/** What the evaluator did so far: for benchmarks and the log. */
export interface AlertEvaluatorStats {
  /** Looks taken while holding the lease. */
  looks: number;
  /** Real ms spent in looks (reads, evaluation and writes). */
  lookMs: number;
  /** Real ms of evaluation proper (in memory, without the store's reads and writes). */
  evaluationMs: number;
  /** Real ms spent writing alerts (fenced transactions). */
  writeMs: number;
  lastLookMs: number;
  /** Changed units looked at. */
  unitsLookedAt: number;
  alertsCreated: number;
  alertsChanged: number;
  /** Times this process took the lease (and walked the fleet once). */
  takeovers: number;
  /** Open alerts held in memory now (all rules). */
  openAlerts: number;
  /** Decisions not written yet (pending alerts waiting while firings are written). */
  waiting: number;
}

export interface AlertEvaluatorOptions {
  everyMs?: number;
  /** The lease holder's name (a random one by default). */
  holder?: string;
}

const UNIT_RULE_KINDS = new Set(['unitOffline', 'updateFailed']);

/**
 * The alert evaluator: one process (the holder of its lease) follows every enabled rule from the maintained read
 * models (the lists' index of units, the world's services, a few small queries for rollouts and tickets) and the
 * units the store's feed says changed, never by scanning the fleet on a timer. It walks the fleet once when it takes
 * the lease (and for a rule created or changed). Pending periods run on the simulated clock; every write is fenced
 * by the lease's token.
 */
export class AlertEvaluator {
  readonly stats: AlertEvaluatorStats = {
    looks: 0,
    lookMs: 0,
    evaluationMs: 0,
    writeMs: 0,
    lastLookMs: 0,
    unitsLookedAt: 0,
    alertsCreated: 0,
    alertsChanged: 0,
    takeovers: 0,
    openAlerts: 0,
    waiting: 0,
  };
  private readonly lease: JobLease;
  private holding = false;
  private rules = new Map<number, RuleState>();
  private tally = new UnitTally();
  private readonly changed = new Set<string>();
  private readonly drops = new DropLog();
  private readonly failed = new FailedUnits();
  private readonly rolloutFailures = new RolloutFailures();
  private silenceSignature = '';
  private lastPrune = 0;
  private lastReminders = -Infinity;
  /** Whether an enabled rule watches units (else changed units are not even noted). */
  private watchesUnits = false;
  /** Whether the failed units are known (learnt by a walk, then followed while rules watch units). */
  private failedKnown = false;
  private readonly batch: BatchSize;
  private readonly queue = new WriteQueue();
  /** The next look writes every decision, the ones that may wait included (a look asked for now). */
  private drainNext = false;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private queued: Promise<void> | null = null;
  private stopped = false;
  private readonly unsubscribe: (() => void)[] = [];

  constructor(
    private readonly deps: ServiceDeps,
    private readonly options: AlertEvaluatorOptions = {},
  ) {
    this.lease = new JobLease(deps.db, ALERT_EVALUATOR_LEASE, options.holder);
    this.batch = new BatchSize(deps.config.DATABASE_URL ? 'postgres' : 'pglite');
  }

  /** Whether this process held the lease at its last look. */
  get isHolder(): boolean {
    return this.holding;
  }

  /** Starts looking: every few seconds, at every change of the simulated clock, with the units the index took. */
  start(): this {
    this.unsubscribe.push(
      this.deps.readModels.onUnitsChanged((serials) => {
        if (!this.holding || !this.watchesUnits) return;
        for (const serial of serials) this.changed.add(serial);
      }),
      this.deps.clock.onChange(() => void this.evaluateNow()),
    );
    const every = this.options.everyMs ?? LOOK_EVERY_MS;
    this.timer = setInterval(() => void this.evaluateSoon(), every);
    this.timer.unref();
    void this.evaluateSoon();
    return this;
  }

  /** Stops: no new look, the one under way ends, the lease is given up. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.unsubscribe.forEach((off) => off());
    await this.running.catch(() => undefined);
    await this.lease.release().catch(() => undefined);
    this.holding = false;
  }

  /** A look as soon as the one under way (if any) ends; a call while one is queued joins it. */
  evaluateSoon(): Promise<void> {
    if (this.queued) return this.queued;
    const next = this.running
      .then(() => {
        this.queued = null;
        return this.look();
      })
      .catch((err: unknown) => this.lookFailed(err));
    this.queued = next;
    this.running = next;
    return next;
  }

  /** A look now (after the one under way) that writes all it decides before it ends: a step of the clock, tests. */
  async evaluateNow(): Promise<void> {
    this.drainNext = true;
    await this.evaluateSoon();
  }

  private lookFailed(err: unknown): void {
    metrics.alertEvaluationsRunning.set(0);
    metrics.alertEvaluations.inc({ outcome: 'failed' });
    if (err instanceof FencedOutError) {
      this.deps.logger.warn({ err }, 'the alert evaluator lost its lease while writing');
      this.reset();
      return;
    }
    this.deps.logger.error({ err }, 'alert evaluation failed');
  }

  /** Forgets everything held in memory (the lease moved on: the next holder starts from the store). */
  private reset(): void {
    this.holding = false;
    this.rules = new Map();
    this.watchesUnits = false;
    this.failedKnown = false;
    this.lastReminders = -Infinity;
    this.tally = new UnitTally();
    this.changed.clear();
    this.failed.clear();
    this.rolloutFailures.clear();
    this.silenceSignature = '';
    this.queue.clear();
    this.stats.openAlerts = 0;
    this.stats.waiting = 0;
  }

  /** Runs `step` until it answers false, in slices of SLICE_MS with a turn of the event loop between them. */
  private async inSlices(step: () => boolean): Promise<void> {
    for (let more = true; more;) {
      const until = performance.now() + SLICE_MS;
      this.timed(() => {
        do more = step();
        while (more && performance.now() < until);
      });
      await turn();
    }
  }

  private timed<T>(work: () => T): T {
    const started = performance.now();
    try {
      return work();
    } finally {
      this.stats.evaluationMs += performance.now() - started;
    }
  }

  private async look(): Promise<void> {
    if (this.stopped) return;
    const drain = this.drainNext;
    this.drainNext = false;
    const started = performance.now();
    let held = false;
    try {
      held = await this.lease.hold();
    } catch (err) {
      this.deps.logger.warn({ err }, 'the alert evaluator could not renew its lease');
    }
    if (!held) {
      if (this.holding) this.reset();
      return;
    }
    metrics.alertEvaluationsRunning.set(1);
    const takeover = !this.holding;
    if (takeover) {
      this.reset();
      this.holding = true;
      this.stats.takeovers += 1;
    }
    const { db, readModels, world, clock } = this.deps;
    const now = clock.now();
    const rows = await allRules(db);
    if (rows.length === 0 && this.rules.size === 0 && !takeover) {
      // No rule and nothing open: nothing to read or write until a rule is made.
      this.endLook(started);
      return;
    }
    const silences = await loadSilences(db, readModels.index, now);
    const book = new AlertBook(now, silences.check);
    const look: Look = { now, book, index: readModels.index, db, world };

    const walk = await this.followRules(rows, book);
    if (takeover) await this.loadOpenAlerts(book);
    await this.walkFleet(takeover ? [...this.enabledRules()] : walk, look);
    await this.lookAtChangedUnits(look);
    await this.lookAtSnapshots(look);
    this.timed(() => {
      for (const rule of this.enabledRules()) {
        if (rule.kind === 'unitOffline') settleFlapping(rule, this.drops, look);
        book.firePending(rule);
      }
      if (silences.signature !== this.silenceSignature) {
        this.silenceSignature = silences.signature;
        for (const rule of this.enabledRules()) book.applySilences(rule);
      }
      if (now - this.lastPrune > 60_000) {
        this.lastPrune = now;
        this.drops.prune(now);
      }
    });
    this.queue.add(book.ops);
    await this.write(now, drain);
    if (now - this.lastReminders >= REMIND_EVERY_SIM_MS) {
      this.lastReminders = now;
      for (const rule of this.enabledRules()) await remind(this.lease, db, rule, now);
    }
    this.endLook(started);
  }

  private endLook(started: number): void {
    this.stats.looks += 1;
    this.stats.lastLookMs = performance.now() - started;
    metrics.alertEvaluationsRunning.set(0);
    metrics.alertEvaluations.inc({ outcome: 'ok' });
    metrics.alertEvaluationDuration.observe(this.stats.lastLookMs / 1000);
    this.stats.lookMs += this.stats.lastLookMs;
    this.stats.openAlerts = [...this.rules.values()].reduce((n, r) => n + r.open.size, 0);
    this.stats.waiting = this.queue.size;
    metrics.alertWritesWaiting.set(this.queue.size);
  }

  private *enabledRules(): Generator<RuleState> {
    for (const rule of this.rules.values()) if (rule.enabled) yield rule;
  }

  /**
   * Follows the rules' rows: new rules and rules whose scope or fields changed are walked (answered); a disabled
   * rule's open alerts resolve, as do a deleted rule's; a change of name or severity reaches the open alerts.
   */
  private async followRules(rows: readonly AlertRuleRow[], book: AlertBook): Promise<RuleState[]> {
    const walk: RuleState[] = [];
    const seen = new Set<number>();
    for (const row of rows) {
      seen.add(row.id);
      const known = this.rules.get(row.id);
      if (known && known.stamp === ruleStamp(row)) continue;
      const fresh = ruleStateOf(
        row,
        await resolveAlertScope(this.deps.db, row.scope as unknown as StoredAlertScope),
        this.tally,
      );
      if (known) {
        fresh.open = known.open;
        fresh.pending = known.pending;
        fresh.flaps = known.flaps;
        fresh.consumed = known.consumed;
      }
      this.rules.set(row.id, fresh);
      if (!fresh.enabled) {
        book.clearAll(fresh, 'rule disabled');
        continue;
      }
      walk.push(fresh);
      if (known && (known.name !== fresh.name || known.severity !== fresh.severity)) {
        for (const alert of fresh.open.values()) {
          book.ops.push({
            op: 'change',
            rule: fresh,
            alert,
            to: null,
            from: ['pending', 'firing', 'acknowledged', 'silenced'],
            by: 'rule changed',
          });
        }
      }
    }
    for (const [id, rule] of this.rules) {
      if (seen.has(id)) continue;
      book.clearAll(rule, 'rule deleted');
      this.rules.delete(id);
    }
    this.watchesUnits = [...this.enabledRules()].some((r) => UNIT_RULE_KINDS.has(r.kind));
    if (!this.watchesUnits) this.failedKnown = false;
    return walk;
  }

  /** Takes the store's open alerts into memory (a new holder); those of rules that are gone resolve. */
  private async loadOpenAlerts(book: AlertBook): Promise<void> {
    const orphans = new Map<number, RuleState>();
    for await (const rows of openAlertsOf(this.deps.db, [])) {
      for (const row of rows) {
        let rule = this.rules.get(row.ruleId) ?? orphans.get(row.ruleId);
        if (!rule) orphans.set(row.ruleId, (rule = this.orphanRule(row)));
        const alert = openAlertOf(row);
        remember(rule, alert);
      }
      await turn();
    }
    for (const rule of this.rules.values()) if (!rule.enabled) book.clearAll(rule, 'rule disabled');
    for (const rule of orphans.values()) book.clearAll(rule, 'rule deleted');
  }

  /** A stand-in for a deleted rule whose alerts are still open. */
  private orphanRule(row: AlertRow): RuleState {
    const kind = row.kind === 'flapping' ? 'unitOffline' : row.kind;
    return ruleStateOf(
      { ...RULE_FACTS_DEFAULTS, id: row.ruleId, name: row.ruleName, kind, severity: row.severity },
      EMPTY_SCOPE,
      this.tally,
    );
  }

  /**
   * Walks the fleet's index once, in slices, for the unit rules of a takeover or created or changed: the offline
   * units of each unitOffline rule's scope, and every unit when failed updates start being watched (which units are
   * failed already). Open unit alerts the walk did not find holding resolve.
   */
  private async walkFleet(rules: readonly RuleState[], look: Look): Promise<void> {
    const unitRules = rules.filter((r) => UNIT_RULE_KINDS.has(r.kind));
    const offlineRules = unitRules.filter((r) => r.kind === 'unitOffline');
    if (unitRules.length === 0) return;
    this.keepDrops();
    // Units already failed when a failed-update rule starts watching are no new failures: learn which they are.
    const learnFailed = !this.failedKnown && unitRules.some((r) => r.kind === 'updateFailed');
    if (learnFailed) this.failed.clear();
    const held = new Map<RuleState, Set<string>>(offlineRules.map((r) => [r, new Set<string>()]));
    const visit = (unit: UnitFacts) => {
      if (learnFailed) this.failed.take(unit.state === UPDATE_FAILED_STATE, unit.serialNumber);
      if (unit.connected) return;
      for (const rule of offlineRules) {
        if (!rule.scope.has(unit)) continue;
        held.get(rule)?.add(unitKey(unit.serialNumber));
        lookAtOfflineUnit(rule, unit, this.drops.of(unit.serialNumber), look, true);
      }
    };
    if (learnFailed || offlineRules.length > 0) {
      let at = 0;
      await this.inSlices(() => (at = look.index.visitUnits(at, WALK_A_STEP, visit, !learnFailed)) >= 0);
    }
    this.failedKnown ||= learnFailed;
    this.timed(() => {
      for (const rule of offlineRules) {
        const found = held.get(rule) ?? new Set();
        for (const key of [...rule.open.keys()])
          if (key.startsWith('unit:') && !found.has(key)) look.book.clear(rule, key);
      }
      for (const rule of unitRules.filter((r) => r.kind === 'updateFailed')) {
        for (const alert of [...rule.open.values()]) {
          const unit = alert.serialNumber ? look.index.unitFacts(alert.serialNumber) : undefined;
          if (!unit || !rule.scope.has(unit))
            look.book.clear(rule, alert.key, unit ? 'left the scope' : 'unit removed');
          else lookAtUpdatedUnit(rule, unit, true, look);
        }
      }
    });
  }

  /** The flapping guard keeps the drops the widest of the rules needs. */
  private keepDrops(): void {
    let drops = 1;
    let windowMinutes = 1;
    for (const rule of this.enabledRules()) {
      if (rule.kind !== 'unitOffline') continue;
      drops = Math.max(drops, rule.flapping.drops + 1);
      windowMinutes = Math.max(windowMinutes, rule.flapping.windowMinutes);
    }
    this.drops.keep = { drops, windowMs: windowMinutes * 60_000 };
  }

  /** Looks at the units the index took since the last look, for the rules about units. */
  private async lookAtChangedUnits(look: Look): Promise<void> {
    if (this.changed.size === 0) return;
    const serials = [...this.changed];
    this.changed.clear();
    this.stats.unitsLookedAt += serials.length;
    const rules = [...this.enabledRules()].filter((r) => UNIT_RULE_KINDS.has(r.kind));
    const watchesOffline = rules.some((r) => r.kind === 'unitOffline');
    if (watchesOffline) this.keepDrops();
    let i = 0;
    await this.inSlices(() => {
      for (const end = Math.min(serials.length, i + UNITS_A_STEP); i < end; i += 1)
        this.lookAtUnit(serials[i] ?? '', rules, watchesOffline, look);
      return i < serials.length;
    });
  }

  private lookAtUnit(serial: string, rules: readonly RuleState[], watchesOffline: boolean, look: Look): void {
    const { index } = look;
    const slot = index.slotOfSerial(serial);
    const failedNow = slot >= 0 && index.stateAt(slot) === UPDATE_FAILED_STATE;
    const wasFailed = failedNow || this.failed.size > 0 ? this.failed.take(failedNow, serial) : false;
    const connected = slot >= 0 && index.isConnectedAt(slot);
    // Most changes concern no rule: a connected unit that did not fail and has no open alert (no facts read, no key made).
    if (slot >= 0 && connected && !failedNow && !this.tally.has(serial)) return;
    const unit = slot >= 0 ? index.factsOf(slot, serial) : undefined;
    if (watchesOffline && unit && !unit.connected && unit.lastSeenOnlineAt !== null)
      this.drops.record(serial, unit.lastSeenOnlineAt);
    const key = unitKey(serial);
    const flap = flapKey(serial);
    for (const rule of rules) {
      const open = rule.open.has(key) || rule.open.has(flap);
      if (!open && (!unit || (rule.kind === 'unitOffline' ? unit.connected : !failedNow || wasFailed)))
        continue;
      if (!unit || !rule.scope.has(unit)) {
        // Most rules do not cover the unit at all: nothing of it to clear (the common case, kept cheap).
        if (!open && !rule.consumed.has(key) && !rule.consumed.has(flap)) continue;
        const why = unit ? 'left the scope' : 'unit removed';
        look.book.clear(rule, key, why);
        look.book.clear(rule, flap, why);
        continue;
      }
      if (rule.kind === 'unitOffline') lookAtOfflineUnit(rule, unit, this.drops.of(serial), look);
      else lookAtUpdatedUnit(rule, unit, wasFailed, look);
    }
  }

  /** The conditions read whole at every look: shares, services, rollouts, tickets, rollouts' failed units. */
  private async lookAtSnapshots(look: Look): Promise<void> {
    const rules = [...this.enabledRules()];
    const of = (kind: string) => rules.filter((r) => r.kind === kind);
    const paused = of('rolloutPaused').length > 0 ? await pausedRollouts(look.db) : [];
    const tickets = of('ticketsUnanswered').length > 0 ? await escalatedOpenTickets(look.db) : [];
    const failures = of('updateFailed').length > 0 ? await this.rolloutFailures.next(look.db) : [];
    this.timed(() => {
      for (const rule of of('connectedShare')) lookAtConnectedShare(rule, look);
      for (const rule of of('serviceDown')) lookAtServices(rule, look);
      for (const rule of of('rolloutPaused')) lookAtRollouts(rule, paused, look);
      for (const rule of of('ticketsUnanswered')) lookAtTickets(rule, tickets, look);
      for (const failure of failures) {
        const unit = look.index.unitFacts(failure.serialNumber);
        for (const rule of of('updateFailed'))
          if (unit && rule.scope.has(unit)) lookAtRolloutFailure(rule, failure, unit, look);
      }
    });
  }

  /**
   * Writes the urgent decisions (firings, fired alerts resolving), then the ones that may wait for up to SPARE_WRITE_MS
   * (all of them when `drain`): a changing fleet's pending alerts never hold up the next look's firings.
   */
  private async write(now: number, drain: boolean): Promise<void> {
    if (this.queue.size === 0) return;
    const started = performance.now();
    let renewed = Date.now();
    const keepAlive = async () => {
      if (Date.now() - renewed < RENEW_EVERY_MS) return;
      renewed = Date.now();
      if (!(await this.lease.hold()))
        throw new FencedOutError(ALERT_EVALUATOR_LEASE, this.lease.fencingToken ?? 0);
    };
    const written = (ops: readonly AlertOp[]) =>
      writeOps(this.lease, this.deps.db, ops, now, this.batch, keepAlive).then((o) => this.wrote(o));
    await written(this.queue.takeUrgent());
    const until = performance.now() + SPARE_WRITE_MS;
    while (this.queue.size > 0 && (drain || performance.now() < until))
      await written(this.queue.takeSome(this.batch.value));
    this.stats.writeMs += performance.now() - started;
  }

  private wrote(outcome: WriteOutcome): void {
    this.stats.alertsCreated += outcome.created;
    this.stats.alertsChanged += outcome.updated;
    for (const [state, n] of Object.entries(outcome.entered)) metrics.alertTransitions.inc({ state }, n);
    if (outcome.changed.length > 0) announceAlerts(this.deps, outcome.changed);
  }
}

/** Starts the alert evaluator of an API process (it evaluates only while it holds the lease). */
export function startAlertEvaluator(deps: ServiceDeps, options?: AlertEvaluatorOptions): AlertEvaluator {
  return new AlertEvaluator(deps, options).start();
}
