import type { CountRow } from '../store/repos/counts-repo';
import type { UnitRuntime } from './unit-runtime';

const SEP = '\u0001';
/** A shard keeps its ten units with the most alignments (the dashboard's top 10 is the best of all shards'). */
const TOP = 10;
const topKey = (serialNumber: string) => `top${SEP}${SEP}${serialNumber}`;

/** A unit's contributions to the dashboard's counters, each `metric SEP family SEP key`. */
export function contributionsOf(unit: UnitRuntime): string[] {
  const out = [
    `total${SEP}${unit.family}${SEP}`,
    `installed${SEP}${unit.family}${SEP}${unit.versionSemantic}`,
  ];
  if (unit.connected) out.push(`connected${SEP}${unit.family}${SEP}`);
  if (unit.specsName) out.push(`specs${SEP}${SEP}${unit.specsName}`);
  if (unit.flow?.phase === 'pending') out.push(`ready${SEP}${unit.family}${SEP}`);
  const desired = unit.desired;
  // Installed stagings: the API counts stagings (`desired`); pending ones are those minus these.
  if (desired?.semantic && unit.stagedRevDone >= desired.rev)
    out.push(`satisfied${SEP}${unit.family}${SEP}${desired.semantic}`);
  return out;
}

/**
 * The simulator's counters of the dashboard (console-core §1), per shard, kept as units change and
 * written to `fleet_counts` with the reported rows (only the changed ones). The API reads them summed
 * over shards (read-models/fleet-figures.ts).
 */
export class FleetAggregates {
  private readonly shards = new Map<number, Map<string, number>>();
  /** Per shard, the keys of its counters changed since the last write (no string made per change of a counter). */
  private readonly dirty = new Map<number, Set<string>>();
  /** Per shard, its top units by alignment count, most first. */
  private readonly tops = new Map<number, UnitRuntime[]>();

  add(unit: UnitRuntime): void {
    for (const key of contributionsOf(unit)) this.bump(unit.shard, key, 1);
    this.offerTop(unit);
  }

  remove(unit: UnitRuntime, shardUnits: () => Iterable<UnitRuntime> = () => []): void {
    // A shard dropped whole ({@link dropShards}) has nothing left to count.
    if (!this.shards.has(unit.shard)) return;
    for (const key of contributionsOf(unit)) this.bump(unit.shard, key, -1);
    const top = this.tops.get(unit.shard);
    if (top?.includes(unit)) {
      this.setTop(unit.shard, unit.serialNumber, 0);
      this.tops.set(unit.shard, []);
      for (const other of shardUnits())
        if (other !== unit && other.shard === unit.shard) this.offerTop(other);
    }
  }

  /** A unit's alignment count grew: it may enter its shard's top 10. */
  offerTop(unit: UnitRuntime): void {
    let top = this.tops.get(unit.shard);
    if (!top) this.tops.set(unit.shard, (top = []));
    const at = top.indexOf(unit);
    if (at === -1) {
      const last = top[top.length - 1];
      if (top.length >= TOP && last && unit.alignmentCount <= last.alignmentCount) return;
      top.push(unit);
    }
    top.sort((a, b) => b.alignmentCount - a.alignmentCount);
    if (top.length > TOP) {
      const out = top.pop() as UnitRuntime;
      this.setTop(unit.shard, out.serialNumber, 0);
    }
    if (top.includes(unit)) this.setTop(unit.shard, unit.serialNumber, unit.alignmentCount);
  }

  private setTop(shard: number, serialNumber: string, count: number): void {
    let counts = this.shards.get(shard);
    if (!counts) this.shards.set(shard, (counts = new Map()));
    const key = topKey(serialNumber);
    if (count > 0) counts.set(key, count);
    else counts.set(key, 0);
    this.markDirty(shard, key);
  }

  /** Take before a change, and hand to {@link update} after it. */
  snapshot(unit: UnitRuntime): string[] {
    return contributionsOf(unit);
  }

  update(unit: UnitRuntime, before: readonly string[]): void {
    const after = contributionsOf(unit);
    for (const key of before) if (!after.includes(key)) this.bump(unit.shard, key, -1);
    for (const key of after) if (!before.includes(key)) this.bump(unit.shard, key, 1);
  }

  /** Connected units of the shards held (the trend and tests read it). */
  connected(): number {
    let n = 0;
    for (const counts of this.shards.values())
      for (const [key, value] of counts) if (key.startsWith(`connected${SEP}`)) n += value;
    return n;
  }

  /** Every counter (of some shards: a recount), or only those changed since the last call. */
  rows(which: 'changed' | 'all', only?: readonly number[]): CountRow[] {
    const source: Iterable<[number, Iterable<string>]> =
      which === 'all'
        ? [...this.shards].filter(([shard]) => !only || only.includes(shard)).map(([s, c]) => [s, c.keys()])
        : this.dirty;
    const out: CountRow[] = [];
    for (const [shard, keys] of source) {
      const counts = this.shards.get(shard);
      for (const entry of keys) {
        const [metric, family, key] = entry.split(SEP) as [string, string, string];
        out.push({ shard, metric, family, key, n: counts?.get(entry) ?? 0 });
      }
    }
    if (which === 'changed') this.dirty.clear();
    return out;
  }

  /** Forgets shards this simulator gave away (their counters in the store are their new holder's). */
  dropShards(shards: readonly number[]): void {
    for (const shard of shards) {
      this.shards.delete(shard);
      this.tops.delete(shard);
      this.dirty.delete(shard);
    }
  }

  private bump(shard: number, key: string, by: number): void {
    let counts = this.shards.get(shard);
    if (!counts) this.shards.set(shard, (counts = new Map()));
    counts.set(key, (counts.get(key) ?? 0) + by);
    this.markDirty(shard, key);
  }

  private markDirty(shard: number, key: string): void {
    let keys = this.dirty.get(shard);
    if (!keys) this.dirty.set(shard, (keys = new Set()));
    keys.add(key);
  }
}
