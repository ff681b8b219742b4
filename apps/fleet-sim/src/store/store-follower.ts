import type { Logger } from 'pino';
import type { Db } from './database';
import { oldestRunningXid } from './repos/feed-repo';

/** Something a process keeps from the store: loaded once, then told what changed since a transaction. */
export interface Feed {
  readonly name: string;
  /** Reads the feed's whole state (at start). */
  load?(db: Db): Promise<void>;
  /** Reads what changed at or after transaction `since` (rows may repeat: apply them idempotently). */
  poll(db: Db, since: string): Promise<void>;
}

/** Real milliseconds between two reads of the store when nothing wakes the follower sooner. */
export const FOLLOW_EVERY_MS = 250;

/**
 * Keeps a process's views of the store current: every {@link FOLLOW_EVERY_MS}, and at once when a write
 * of this process wakes it, each feed reads the rows changed since the previous read. Rows are found by
 * the transaction that wrote them (`change_xid`), from the oldest transaction still running at the
 * previous read, so a commit that ends late is never skipped. Other processes' writes show within a
 * poll; this process's own at once.
 */
export class StoreFollower {
  private readonly feeds: Feed[] = [];
  private cursor: string | null = null;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private next: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly everyMs = FOLLOW_EVERY_MS,
  ) {}

  add(feed: Feed): void {
    this.feeds.push(feed);
  }

  /** A point to follow from: take it before reading anything that the feeds will then keep current. */
  mark(): Promise<string> {
    return oldestRunningXid(this.db);
  }

  /** Loads every feed that has not been loaded, then follows the store from `from` (a {@link mark}). */
  async start(from?: string): Promise<void> {
    from ??= await oldestRunningXid(this.db);
    for (const feed of this.feeds) await feed.load?.(this.db);
    this.cursor = from;
    this.timer = setInterval(() => void this.wake(), this.everyMs);
    this.timer.unref();
  }

  /**
   * Reads the store now, or right after the read under way (after a write of this process, and on the
   * timer). The promise resolves once a read that began after this call has ended.
   */
  wake(): Promise<void> {
    if (this.stopped || this.cursor === null) return Promise.resolve();
    if (!this.running) return this.begin();
    this.next ??= this.running.then(() => {
      this.next = null;
      return this.begin();
    });
    return this.next;
  }

  private begin(): Promise<void> {
    const run = this.pollAll().finally(() => {
      if (this.running === run) this.running = null;
    });
    this.running = run;
    return run;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  private async pollAll(): Promise<void> {
    const since = this.cursor;
    if (since === null) return;
    try {
      const next = await oldestRunningXid(this.db);
      let failed = false;
      for (const feed of this.feeds) {
        if (this.stopped) return;
        try {
          await feed.poll(this.db, since);
        } catch (err) {
          failed = true;
          this.logger.warn({ err, feed: feed.name }, 'reading changes from the store failed; trying again');
        }
      }
      // A feed that failed reads the same changes again next time (feeds apply rows idempotently).
      if (!failed) this.cursor = next;
    } catch (err) {
      if (!this.stopped) this.logger.warn({ err }, 'the store could not be read; trying again');
    }
  }
}
