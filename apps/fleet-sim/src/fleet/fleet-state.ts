import { FleetAggregates } from './aggregates';
import { UNITS, type PackedUnit } from './packed-unit';
import { UnitsBySerial } from './units-by-serial';
import type { UnitRuntime } from './unit-runtime';

/**
 * The units of one pool (connected or offline): an array to pick a random member from, removing any member in
 * O(1). A unit is in one pool at a time and keeps its place in it (`poolSlot`), so the pool needs no map.
 */
class UnitPool {
  private readonly items: UnitRuntime[] = [];

  get size(): number {
    return this.items.length;
  }

  has(unit: UnitRuntime): boolean {
    return this.items[unit.poolSlot] === unit;
  }

  add(unit: UnitRuntime): void {
    if (this.has(unit)) return;
    unit.poolSlot = this.items.length;
    this.items.push(unit);
  }

  delete(unit: UnitRuntime): void {
    if (!this.has(unit)) return;
    const at = unit.poolSlot;
    const last = this.items.pop() as UnitRuntime;
    if (last !== unit) {
      this.items[at] = last;
      last.poolSlot = at;
    }
    unit.poolSlot = -1;
  }

  at(i: number): UnitRuntime | undefined {
    return this.items[i];
  }

  [Symbol.iterator](): Iterator<UnitRuntime> {
    return this.items[Symbol.iterator]();
  }
}

/** How urgently a unit must be written: a state change at the next flush, download progress less often. */
export type DirtyLevel = 'state' | 'progress';

/**
 * The units a simulator holds, indexed for it: by serial, connected and offline pools for random picks,
 * the units in an update flow or with a timer, the dashboard's counters, and what must be written.
 */
export class FleetState {
  readonly units = new UnitsBySerial();
  readonly connectedPool = new UnitPool();
  readonly offlinePool = new UnitPool();
  readonly inFlow = new Set<UnitRuntime>();
  readonly flapping = new Set<UnitRuntime>();
  /** Units the gateway's outage cut off: they retry, so they come back soon after it does. */
  readonly cutOffByOutage = new Set<UnitRuntime>();
  readonly sshOpen = new Set<UnitRuntime>();
  readonly busy = new Set<UnitRuntime>();
  readonly aggregates = new FleetAggregates();
  readonly dirty = new Map<UnitRuntime, DirtyLevel>();
  /** Units that connected since the last look (their queued commands go to them). */
  readonly connectedNow = new Set<UnitRuntime>();
  /** Units that finished installing since the last look (scheduler deliveries). */
  readonly installedNow: UnitRuntime[] = [];
  /** Every change recorded since start (benchmarks read it). */
  changes = 0;

  add(unit: PackedUnit): void {
    UNITS.adopt(unit.slot, unit);
    this.units.set(unit);
    (unit.connected ? this.connectedPool : this.offlinePool).add(unit);
    if (unit.flow) this.inFlow.add(unit);
    if (unit.flapping) this.flapping.add(unit);
    if (unit.sshPortOpenUntil !== null) this.sshOpen.add(unit);
    if (unit.busyUntil !== null) this.busy.add(unit);
    this.aggregates.add(unit);
  }

  remove(unit: UnitRuntime): void {
    const held = this.units.get(unit.serialNumber);
    if (held !== unit) return;
    this.units.delete(unit.serialNumber);
    UNITS.retire(held.slot, held);
    this.connectedPool.delete(unit);
    this.offlinePool.delete(unit);
    this.inFlow.delete(unit);
    this.flapping.delete(unit);
    this.cutOffByOutage.delete(unit);
    this.sshOpen.delete(unit);
    this.busy.delete(unit);
    this.dirty.delete(unit);
    this.connectedNow.delete(unit);
    this.aggregates.remove(unit, () => this.units.values());
  }

  /** Whether the unit is one of these (not one let go). */
  holds(unit: UnitRuntime): boolean {
    return this.units.get(unit.serialNumber) === unit;
  }

  /** Records that a unit changed: written at the next flush. */
  touch(unit: UnitRuntime, now: number, level: DirtyLevel = 'state'): void {
    this.changes += 1;
    unit.updatedAt = level === 'state' ? now : unit.updatedAt;
    const current = this.dirty.get(unit);
    if (current !== 'state') this.dirty.set(unit, level);
  }

  /** Applies a change through one function so that pools and counters stay right. */
  change(unit: UnitRuntime, now: number, mutate: (unit: UnitRuntime) => void): void {
    const before = this.aggregates.snapshot(unit);
    const wasConnected = unit.connected;
    mutate(unit);
    if (wasConnected !== unit.connected) {
      if (unit.connected) {
        this.offlinePool.delete(unit);
        this.connectedPool.add(unit);
        this.connectedNow.add(unit);
      } else {
        this.connectedPool.delete(unit);
        this.offlinePool.add(unit);
        this.connectedNow.delete(unit);
      }
    }
    if (unit.flow) this.inFlow.add(unit);
    else this.inFlow.delete(unit);
    if (unit.sshPortOpenUntil !== null) this.sshOpen.add(unit);
    else this.sshOpen.delete(unit);
    if (unit.busyUntil !== null) this.busy.add(unit);
    else this.busy.delete(unit);
    if (unit.flapping) this.flapping.add(unit);
    else this.flapping.delete(unit);
    this.aggregates.update(unit, before);
    this.touch(unit, now);
  }
}
