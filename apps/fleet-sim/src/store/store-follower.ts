import type { Logger } from 'pino';
import type { Db } from './database';
import { oldestRunningXid } from './repos/feed-repo';

/** Something a process keeps from the store: loaded once, then told what changed since a transaction. */
export interface Feed {
  readonly name: string;
  /** Reads the feed's whole state (at start). */
  load?(db: Db): Promise<void>;
  /**
   * Reads what changed at or after transaction `since` (rows may repeat: apply them idempotently).
   * `world` is true when a write of this process changed the world's shared rows (clock, services ...).
   */
  poll(db: Db, since: string, world: boolean): Promise<void>;
}

/** Real milliseconds between two reads of the store when nothing wakes the follower sooner. */
export const FOLLOW_EVERY_MS = 250;
/** Wakes this close together make one read (a burst of writes costs one read of the store, not one each). */
const WAKE_BATCH_MS = 10;

/**
 * Keeps a process's read models of the store current: every {@link FOLLOW_EVERY_MS}, and at once when a write
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
  private soon: Promise<void> | null = null;
  private world = false;
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
    this.timer = setInterval(() => void this.read(), this.everyMs);
    this.timer.unref();
  }

  /**
   * Reads the store soon (after a write of this process; `world` when it changed the clock, services,
   * releases or settings), in one read with the other wakes of the next few milliseconds. The promise
   * resolves once a read that began after this call has ended.
   */
  wake(options: { world?: boolean } = {}): Promise<void> {
    if (this.stopped || this.cursor === null) return Promise.resolve();
    this.world ||= Boolean(options.world);
    this.soon ??= new Promise<void>((resolve) => setTimeout(resolve, WAKE_BATCH_MS)).then(() => {
      this.soon = null;
      return this.read();
    });
    return this.soon;
  }

  private read(): Promise<void> {
    if (this.stopped || this.cursor === null) return Promise.resolve();
    if (!this.running) return this.begin();
    this.next ??= this.running.then(() => {
      this.next = null;
      return this.begin();
    });
    return this.next;
  }

  private begin(): Promise<void> {
    const world = this.world;
    this.world = false;
    const run = this.pollAll(world).finally(() => {
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

  private async pollAll(world: boolean): Promise<void> {
    const since = this.cursor;
    if (since === null) return;
    try {
      const next = await oldestRunningXid(this.db);
      let failed = false;
      for (const feed of this.feeds) {
        if (this.stopped) return;
        try {
          await feed.poll(this.db, since, world);
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
