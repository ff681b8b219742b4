import {
  ALERT_RULE_DEFAULTS,
  pendingVerdict,
  type AlertKind,
  type AlertRuleKind,
  type AlertSeverity,
  type AlertState,
} from '@equipment-dashboard/domain';
import type { AlertRuleRow } from '../../store/repos/alert-rules-repo';
import type { AlertRow } from '../../store/repos/alerts-repo';
import type { StoredAlertScope, UnitScope } from '../../services/alert-scope';
import { PendingAlerts } from './pending-alerts';

/** An open alert as the evaluator keeps it (id -1 until its row is written). */
export interface OpenAlert {
  id: number;
  key: string;
  kind: AlertKind;
  state: AlertState;
  /** When the condition started to hold (simulated ms): the pending period counts from here. */
  since: number;
  serialNumber: string | null;
  family: string | null;
  service: string | null;
  cause: string | null;
  /** updateFailed: the unit's updater state when it failed (the alert clears once the unit moves on from it). */
  baseline: string | null;
  /** connectedShare: the share last written (percent). */
  percent: number | null;
}

/** How many open alerts (of all rules) are about each unit: a changed unit with none and no condition is passed by. */
export class UnitTally {
  private readonly counts = new Map<string, number>();

  has(serialNumber: string): boolean {
    return this.counts.has(serialNumber);
  }

  add(serialNumber: string): void {
    this.counts.set(serialNumber, (this.counts.get(serialNumber) ?? 0) + 1);
  }

  remove(serialNumber: string): void {
    const n = (this.counts.get(serialNumber) ?? 0) - 1;
    if (n > 0) this.counts.set(serialNumber, n);
    else this.counts.delete(serialNumber);
  }
}

/** A rule as the evaluator follows it: its fields, its scope and its open alerts. */
export interface RuleState {
  id: number;
  name: string;
  kind: AlertRuleKind;
  severity: AlertSeverity;
  forMinutes: number;
  threshold: number | null;
  includeAlreadyOffline: boolean;
  flapping: { drops: number; windowMinutes: number };
  remindEveryMinutes: number | null;
  escalateAfterMinutes: number | null;
  enabled: boolean;
  createdAt: number;
  /** Changes whenever the rule's row does. */
  stamp: string;
  scope: UnitScope;
  storedScope: StoredAlertScope;
  open: Map<string, OpenAlert>;
  /** Open alerts still pending (the ones a look checks for the end of their pending period). */
  pending: PendingAlerts;
  /** Open flapping alerts, by subject key (the ones a look checks for their unit settling). */
  flaps: Map<string, OpenAlert>;
  /**
   * Subjects whose alert of the current episode was resolved by hand while the condition still held: no second
   * alert until the condition clears (the value is the episode's start; null: any start).
   */
  consumed: Map<string, number | null>;
  /** The evaluator's count of open alerts per unit (shared by every rule). */
  tally: UnitTally;
}

/** What the evaluator reads of a rule's row. */
export type RuleRowFacts = Pick<
  AlertRuleRow,
  | 'id'
  | 'name'
  | 'kind'
  | 'severity'
  | 'scope'
  | 'forMinutes'
  | 'threshold'
  | 'includeAlreadyOffline'
  | 'flapping'
  | 'remindEveryMinutes'
  | 'escalateAfterMinutes'
  | 'enabled'
  | 'createdAt'
  | 'updatedAt'
>;

/** A rule's fields where a stand-in rule leaves them out (a deleted rule's). */
export const RULE_FACTS_DEFAULTS: Omit<RuleRowFacts, 'id' | 'name' | 'kind' | 'severity'> = {
  scope: { kind: 'fleet' },
  forMinutes: ALERT_RULE_DEFAULTS.forMinutes,
  threshold: null,
  includeAlreadyOffline: false,
  flapping: { drops: ALERT_RULE_DEFAULTS.flapDrops, windowMinutes: ALERT_RULE_DEFAULTS.flapWindowMinutes },
  remindEveryMinutes: null,
  escalateAfterMinutes: null,
  enabled: false,
  createdAt: new Date(0),
  updatedAt: new Date(0),
};

/** The stamp of a rule's row: a change of any field the evaluator follows changes it (even at one simulated instant). */
export const ruleStamp = (row: RuleRowFacts): string =>
  JSON.stringify([
    row.name,
    row.kind,
    row.severity,
    row.scope,
    row.forMinutes,
    row.threshold,
    row.includeAlreadyOffline,
    row.flapping,
    row.remindEveryMinutes,
    row.escalateAfterMinutes,
    row.enabled,
    row.updatedAt.getTime(),
  ]);

/** A rule's row as the evaluator follows it (its scope resolved by the caller). */
export function ruleStateOf(row: RuleRowFacts, scope: UnitScope, tally = new UnitTally()): RuleState {
  const flapping = (row.flapping as { drops?: number; windowMinutes?: number } | null) ?? {};
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as AlertRuleKind,
    severity: row.severity as AlertSeverity,
    forMinutes: row.forMinutes,
    threshold: row.threshold,
    includeAlreadyOffline: row.includeAlreadyOffline,
    flapping: {
      drops: flapping.drops ?? ALERT_RULE_DEFAULTS.flapDrops,
      windowMinutes: flapping.windowMinutes ?? ALERT_RULE_DEFAULTS.flapWindowMinutes,
    },
    remindEveryMinutes: row.remindEveryMinutes,
    escalateAfterMinutes: row.escalateAfterMinutes,
    enabled: row.enabled,
    createdAt: row.createdAt.getTime(),
    stamp: ruleStamp(row),
    scope,
    storedScope: row.scope as unknown as StoredAlertScope,
    open: new Map(),
    pending: new PendingAlerts(),
    flaps: new Map(),
    consumed: new Map(),
    tally,
  };
}

/** Keeps an open alert in the rule's memory (and among its pending or flapping ones). */
export function remember(rule: RuleState, alert: OpenAlert): void {
  const known = rule.open.get(alert.key);
  if (known?.serialNumber) rule.tally.remove(known.serialNumber);
  if (alert.serialNumber) rule.tally.add(alert.serialNumber);
  rule.open.set(alert.key, alert);
  if (alert.state === 'pending') rule.pending.add(alert);
  else rule.pending.delete(alert.key);
  if (alert.kind === 'flapping') rule.flaps.set(alert.key, alert);
}

/** Forgets a subject's open alert. */
export function forget(rule: RuleState, key: string): void {
  const known = rule.open.get(key);
  if (known?.serialNumber) rule.tally.remove(known.serialNumber);
  rule.open.delete(key);
  rule.pending.delete(key);
  rule.flaps.delete(key);
}

/** An open alert row as the evaluator keeps it. */
export function openAlertOf(row: AlertRow): OpenAlert {
  const subject = row.subject as { service?: string; connectedPercent?: number };
  return {
    id: row.id,
    key: row.subjectKey,
    kind: row.kind as AlertKind,
    state: row.state as AlertState,
    since: row.startedAt.getTime(),
    serialNumber: row.serialNumber,
    family: row.family,
    service: subject.service ?? null,
    cause: row.cause,
    baseline: null,
    percent: subject.connectedPercent ?? null,
  };
}

/** A subject whose condition holds now. */
export interface Holding {
  key: string;
  kind?: AlertKind;
  since: number;
  subject: Record<string, unknown>;
  serialNumber: string | null;
  family: string | null;
  service?: string | null;
  summary: string;
  baseline?: string | null;
  percent?: number | null;
  /** Fires at once, without the rule's pending period (the flapping guard's alert). */
  immediate?: boolean;
  /** Check the store for an alert of the same episode first (after a takeover, nothing in memory says so). */
  guard?: boolean;
}

/** What the silences say of a subject: the silence that holds it, if any. */
export type SilenceCheck = (
  rule: RuleState,
  alert: Pick<OpenAlert, 'serialNumber' | 'family' | 'service'>,
) => { id: number; reason: string } | null;

/** A change the evaluator decided, written by the writer in a batch. */
export type AlertOp =
  | { op: 'create'; rule: RuleState; alert: OpenAlert; holding: Holding; firedAt: number | null; by: string }
  | {
      op: 'change';
      rule: RuleState;
      alert: OpenAlert;
      /** The state it moves to; null keeps the state (new start, summary or subject). */
      to: AlertState | null;
      /** States the alert may be in for the change to apply (checked under lock; others are left as they are). */
      from: readonly AlertState[];
      by: string;
      summary?: string;
      subject?: Record<string, unknown>;
      since?: number;
      firedAt?: number;
      cause?: string | null;
    };

const OPEN: readonly AlertState[] = ['pending', 'firing', 'acknowledged', 'silenced'];

/**
 * The lifecycle of a look at the rules: conditions that hold or clear are turned into changes of open alerts
 * (pending, firing, silenced, resolved), kept in memory at once and written by the writer after the look.
 */
export class AlertBook {
  readonly ops: AlertOp[] = [];

  constructor(
    private readonly now: number,
    private readonly silenced: SilenceCheck,
  ) {}

  /** The condition holds for a subject: a new alert, or the open one follows (a new start while pending). */
  hold(rule: RuleState, h: Holding): void {
    const open = rule.open.get(h.key);
    if (open) {
      this.follow(rule, open, h);
      return;
    }
    if (rule.consumed.has(h.key)) {
      const episode = rule.consumed.get(h.key);
      if (episode === null || episode === h.since) return;
      rule.consumed.delete(h.key);
    }
    const firesAt = h.immediate ? h.since : pendingVerdict(h.since, rule.forMinutes, this.now).firesAt;
    const alert: OpenAlert = {
      id: -1,
      key: h.key,
      kind: h.kind ?? rule.kind,
      state: 'pending',
      since: h.since,
      serialNumber: h.serialNumber,
      family: h.family,
      service: h.service ?? null,
      cause: null,
      baseline: h.baseline ?? null,
      percent: h.percent ?? null,
    };
    let by = 'condition holds';
    let firedAt: number | null = null;
    if (this.now >= firesAt) {
      const silence = this.silenced(rule, alert);
      alert.state = silence ? 'silenced' : 'firing';
      alert.cause = silence?.reason ?? null;
      firedAt = this.now;
      by = silence ? `silence ${silence.id}` : 'condition holds';
    }
    remember(rule, alert);
    this.ops.push({ op: 'create', rule, alert, holding: h, firedAt, by });
  }

  /** An open alert whose condition holds again: a pending one starts its period again from the new start. */
  private follow(rule: RuleState, open: OpenAlert, h: Holding): void {
    if (open.state === 'pending' && open.since !== h.since) {
      open.since = h.since;
      rule.pending.add(open);
      this.ops.push({
        op: 'change',
        rule,
        alert: open,
        to: null,
        from: ['pending'],
        by: 'condition holds again',
        since: h.since,
        summary: h.summary,
        subject: h.subject,
      });
      return;
    }
    if (
      h.percent !== undefined &&
      h.percent !== null &&
      (open.percent === null || Math.floor(open.percent) !== Math.floor(h.percent))
    ) {
      open.percent = h.percent;
      this.ops.push({
        op: 'change',
        rule,
        alert: open,
        to: null,
        from: OPEN,
        by: 'condition holds',
        summary: h.summary,
        subject: h.subject,
      });
    }
  }

  /** The condition cleared (or the subject left the rule): its open alert resolves. */
  clear(rule: RuleState, key: string, by = 'condition cleared'): void {
    rule.consumed.delete(key);
    const open = rule.open.get(key);
    if (!open) return;
    forget(rule, key);
    this.ops.push({ op: 'change', rule, alert: open, to: 'resolved', from: OPEN, by });
  }

  /** Every open alert of the rule resolves (the rule was disabled, deleted, or no longer watches them). */
  clearAll(rule: RuleState, by: string): void {
    for (const key of [...rule.open.keys()]) this.clear(rule, key, by);
    rule.consumed.clear();
  }

  /** Pending alerts whose pending period ended fire (or are silenced). */
  firePending(rule: RuleState): void {
    for (const alert of rule.pending.takeDue(this.now, rule.forMinutes)) {
      const silence = this.silenced(rule, alert);
      alert.state = silence ? 'silenced' : 'firing';
      alert.cause = silence ? silence.reason : alert.cause;
      const by = silence ? `silence ${silence.id}` : 'pending period over';
      this.ops.push({
        op: 'change',
        rule,
        alert,
        to: alert.state,
        from: ['pending'],
        by,
        firedAt: this.now,
        cause: alert.cause,
      });
    }
  }

  /** Firing alerts a silence now holds are silenced; silenced alerts no silence holds any more fire again. */
  applySilences(rule: RuleState): void {
    for (const alert of rule.open.values()) {
      if (alert.state !== 'firing' && alert.state !== 'silenced') continue;
      const silence = this.silenced(rule, alert);
      if (alert.state === 'firing' && silence) {
        alert.state = 'silenced';
        alert.cause = silence.reason;
        this.ops.push({
          op: 'change',
          rule,
          alert,
          to: 'silenced',
          from: ['firing'],
          by: `silence ${silence.id}`,
          cause: silence.reason,
        });
      } else if (alert.state === 'silenced' && !silence) {
        alert.state = 'firing';
        this.ops.push({ op: 'change', rule, alert, to: 'firing', from: ['silenced'], by: 'silence ended' });
      }
    }
  }
}
