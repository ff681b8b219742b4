import type { AlertOp, OpenAlert } from './alert-book';

type CreateOp = Extract<AlertOp, { op: 'create' }>;
type ChangeOp = Extract<AlertOp, { op: 'change' }>;

interface QueuedChange {
  op: ChangeOp;
  urgent: boolean;
}

const subjectOf = (op: AlertOp) => `${op.rule.id}\u0000${op.alert.key}`;

/**
 * What a look decided and the store does not hold yet, kept from one look to the next so that what staff are told of
 * is written first. Urgent: an alert firing or silenced, a fired alert resolving, and the earlier changes of those
 * alerts. The rest (a new pending alert, a pending alert's new start or its end) waits for the time a look has left.
 * A pending alert is kept in memory until it is written: if its condition clears first it is never stored, and if it
 * fires first it is written once, firing. Most of a changing fleet's pending alerts end that way (a unit back within
 * seconds), which is what a look no longer writes twice.
 */
export class WriteQueue {
  /** New alerts still pending, not written yet, in the order decided. */
  private readonly creates = new Map<OpenAlert, CreateOp>();
  /** New alerts that fired (or were silenced) before they were written: the next write takes them all. */
  private readonly firedCreates = new Map<OpenAlert, CreateOp>();
  /** Changes of alerts the store holds (or that a create taken before them writes), in the order decided. */
  private changes: QueuedChange[] = [];

  get size(): number {
    return this.creates.size + this.firedCreates.size + this.changes.length;
  }

  /** Takes a look's decisions, folding each change of an alert not written yet into its creation. */
  add(ops: readonly AlertOp[]): void {
    for (const op of ops) {
      if (op.op === 'create') (op.firedAt === null ? this.creates : this.firedCreates).set(op.alert, op);
      else this.change(op);
    }
  }

  private change(op: ChangeOp): void {
    const pending = this.creates.get(op.alert);
    const create = pending ?? this.firedCreates.get(op.alert);
    if (!create) {
      this.changes.push({ op, urgent: isUrgent(op) });
      return;
    }
    if (op.to === 'resolved') {
      // Pending, never written: it never was (the store and the consoles need not hear of it).
      if (pending) this.creates.delete(op.alert);
      else this.changes.push({ op, urgent: true });
      return;
    }
    // The creation writes the alert as memory holds it now (its state, start and cause).
    if (op.firedAt !== undefined) {
      create.firedAt = op.firedAt;
      this.creates.delete(op.alert);
      this.firedCreates.set(op.alert, create);
    }
    if (op.to !== null) create.by = op.by;
    if (op.summary !== undefined || op.subject !== undefined)
      create.holding = {
        ...create.holding,
        summary: op.summary ?? create.holding.summary,
        subject: op.subject ?? create.holding.subject,
      };
  }

  /**
   * The urgent writes, in the order to write them: the changes of alerts with an urgent change (with their earlier
   * changes), the creations of alerts that fire (after the changes of the same subjects, so that an earlier alert
   * resolves before the new one is inserted), then the changes of those new alerts.
   */
  takeUrgent(): AlertOp[] {
    const urgentCreates = [...this.firedCreates.values()];
    const subjects = new Set(urgentCreates.map(subjectOf));
    const alerts = new Set(this.changes.filter((c) => c.urgent).map((c) => c.op.alert));
    const before: ChangeOp[] = [];
    const after: ChangeOp[] = [];
    const rest: QueuedChange[] = [];
    for (const queued of this.changes) {
      const { op } = queued;
      if (this.firedCreates.has(op.alert)) after.push(op);
      else if (alerts.has(op.alert) || subjects.has(subjectOf(op))) before.push(op);
      else rest.push(queued);
    }
    this.changes = rest;
    this.firedCreates.clear();
    return [...before, ...urgentCreates, ...after];
  }

  /** Up to `limit` of the writes that may wait, oldest first: the changes, then the creations (once no change waits). */
  takeSome(limit: number): AlertOp[] {
    const changes = this.changes.slice(0, limit).map((c) => c.op);
    this.changes = this.changes.slice(changes.length);
    const taken: AlertOp[] = changes;
    for (const [alert, op] of this.creates) {
      if (taken.length >= limit) break;
      taken.push(op);
      this.creates.delete(alert);
    }
    return taken;
  }

  clear(): void {
    this.creates.clear();
    this.firedCreates.clear();
    this.changes = [];
  }
}

/** A change staff are told of: an alert fires or is silenced, or a fired alert resolves. */
function isUrgent(op: ChangeOp): boolean {
  if (op.to === null) return false;
  if (op.to === 'resolved') return op.alert.state !== 'pending';
  return true;
}
