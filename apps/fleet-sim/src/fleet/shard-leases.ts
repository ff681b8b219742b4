import type { Logger } from 'pino';
import type { Db } from '../store/database';
import {
  claimShards,
  heartbeat,
  leaveWorkers,
  releaseShards,
  renewLeases,
  type HeldShard,
  type ShardFence,
} from '../store/repos/leases-repo';
import { SHARD_COUNT } from '../store/schema';

/** What holds shards: it takes their units when it gains them, and writes and drops them when it gives them up. */
export interface ShardOwner {
  /** Shards just taken, each with its new fencing token. */
  take(shards: HeldShard[]): Promise<void>;
  give(shards: number[]): Promise<void>;
}

export interface ShardLeaseOptions {
  /** A lease lasts this long unless renewed (a simulator that dies loses its shards after at most this). */
  ttlMs?: number;
  /** Leases are renewed, and the fair share looked at, this often. */
  everyMs?: number;
}

/**
 * A simulator's leases on shards of the fleet (ThingsBoard's partitions, hawkBit's lock registry): it says it
 * is alive, renews what it holds, gives back what is over its fair share (the shards divided by the
 * simulators alive), and takes free or expired shards up to it. A simulator that stops gives its shards back
 * at once; one that is killed loses them when their leases run out, and the others take them over.
 */
/** A simulator takes at most this many shards a round, so simulators that start together share the fleet early. */
const CLAIM_PER_ROUND = 8;
/** The next round after one that took shards while under its share. */
const SOON_MS = 200;

export class ShardLeases {
  /** Shards held, with the fencing token each was taken with: every write for their units carries it. */
  private readonly held = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  private renewTimer: NodeJS.Timeout | undefined;
  private round: Promise<void> = Promise.resolve();
  private rounds = 0;
  private stopping = false;
  private readonly ttlMs: number;
  private readonly everyMs: number;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly worker: string,
    private readonly owner: ShardOwner,
    options: ShardLeaseOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 10_000;
    this.everyMs = options.everyMs ?? 3_000;
  }

  shards(): number[] {
    return [...this.held.keys()].sort((a, b) => a - b);
  }

  /** What this simulator's writes are fenced by (the map is live: it follows the shards taken and lost). */
  fence(): ShardFence {
    return { writer: this.worker, tokens: this.held };
  }

  /**
   * Says it is alive, then keeps the leases: they are renewed on a timer of their own, so that loading the units
   * of shards just taken (seconds, at a million units) never lets the leases it holds run out meanwhile.
   */
  async start(): Promise<void> {
    await this.rebalance();
    this.timer = setInterval(() => void this.rebalance(), this.everyMs);
    this.renewTimer = setInterval(() => void this.renew(), this.everyMs);
    this.timer.unref();
    this.renewTimer.unref();
  }

  private async renew(): Promise<void> {
    try {
      await heartbeat(this.db, this.worker, this.ttlMs);
      await renewLeases(this.db, this.worker, this.ttlMs);
    } catch (err) {
      this.logger.warn({ err }, 'shard leases: renewing failed; trying again');
    }
  }

  /** Runs one round now; a round that took shards while under its share is followed by another at once. */
  rebalance(): Promise<void> {
    this.round = this.round
      .then(() => this.once())
      .then((more) => {
        if (more && !this.stopping) setTimeout(() => void this.rebalance(), SOON_MS).unref();
      })
      .catch((err: unknown) => this.logger.warn({ err }, 'shard leases: a round failed; trying again'));
    return this.round;
  }

  /** One round; answers whether it took shards and is still under its share. */
  private async once(): Promise<boolean> {
    const alive = await heartbeat(this.db, this.worker, this.ttlMs);
    // The first round only says this simulator is alive: simulators that start together then see each other.
    if (this.rounds++ === 0) return false;
    const fair = Math.ceil(SHARD_COUNT / Math.max(1, alive));
    const renewed = await renewLeases(this.db, this.worker, this.ttlMs);
    // A shard renewed with another token was taken by another simulator meanwhile, and then by this one again
    // (which cannot happen without a give in between): it is lost all the same.
    const still = new Set(renewed.filter((h) => this.held.get(h.shard) === h.token).map((h) => h.shard));
    const lost = [...this.held.keys()].filter((s) => !still.has(s));
    if (lost.length > 0) {
      this.logger.warn({ shards: lost }, 'shard leases ran out: another simulator holds them now');
      lost.forEach((s) => this.held.delete(s));
      await this.owner.give(lost);
    }
    if (still.size > fair) {
      const surplus = [...still].sort((a, b) => b - a).slice(0, still.size - fair);
      await this.owner.give(surplus);
      await releaseShards(this.db, this.worker, surplus);
      surplus.forEach((s) => this.held.delete(s));
      this.logger.info(
        { shards: surplus.length, held: this.held.size },
        'shards given back to even out the simulators',
      );
    } else if (still.size < fair) {
      const gained = await claimShards(
        this.db,
        this.worker,
        Math.min(CLAIM_PER_ROUND, fair - still.size),
        this.ttlMs,
      );
      if (gained.length > 0) {
        gained.forEach((h) => this.held.set(h.shard, h.token));
        await this.owner.take(gained);
        this.logger.info({ shards: gained.length, held: this.held.size }, 'shards taken');
        return this.held.size < fair;
      }
    }
    return false;
  }

  /** Gives every shard back (after the owner wrote them) and leaves. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    clearInterval(this.renewTimer);
    await this.round;
    const all = this.shards();
    await this.owner.give(all);
    await releaseShards(this.db, this.worker, all);
    await leaveWorkers(this.db, this.worker);
    this.held.clear();
  }
}
