import TinyQueue from 'tinyqueue';
import { pendingVerdict } from '@equipment-dashboard/domain';
import type { OpenAlert } from './alert-book';

/** A pending alert as queued, with the start it had then. */
interface Queued {
  since: number;
  alert: OpenAlert;
}

const earliest = (a: Queued, b: Queued) => a.since - b.since;

/**
 * A rule's pending alerts, by subject key and by start: every one of them waits the rule's pending period, so the
 * earliest start ends first, and a look takes the ones due without walking the others (a changing fleet keeps
 * hundreds of thousands pending). An alert whose start moves is queued again; what it was queued as before, like a
 * resolved alert's entry, is passed over when it comes up.
 */
export class PendingAlerts {
  private readonly byKey = new Map<string, OpenAlert>();
  private queue = new TinyQueue<Queued>([], earliest);

  get size(): number {
    return this.byKey.size;
  }

  /** Keeps a pending alert, queued by its start now (again when its start moved). */
  add(alert: OpenAlert): void {
    this.byKey.set(alert.key, alert);
    this.queue.push({ since: alert.since, alert });
    // Entries passed over wait in the queue until their time: rebuild it when they outnumber the alerts.
    if (this.queue.length > 2 * this.byKey.size + 1024) this.rebuild();
  }

  delete(key: string): void {
    this.byKey.delete(key);
  }

  /** Takes out the alerts whose pending period of `forMinutes` ended by `now`, the earliest first. */
  *takeDue(now: number, forMinutes: number): Generator<OpenAlert> {
    for (let next = this.queue.peek(); next; next = this.queue.peek()) {
      if (pendingVerdict(next.since, forMinutes, now).state !== 'firing') return;
      this.queue.pop();
      const { alert, since } = next;
      if (this.byKey.get(alert.key) !== alert || alert.since !== since) continue;
      this.byKey.delete(alert.key);
      yield alert;
    }
  }

  private rebuild(): void {
    this.queue = new TinyQueue(
      [...this.byKey.values()].map((alert) => ({ since: alert.since, alert })),
      earliest,
    );
  }
}
