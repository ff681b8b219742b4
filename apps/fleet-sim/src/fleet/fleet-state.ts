import { FleetAggregates } from './aggregates';
import type { UnitRuntime } from './unit-runtime';

/** An array that picks a random member and removes any member in O(1). */
class IndexedSet {
  private readonly items: UnitRuntime[] = [];
  private readonly index = new Map<UnitRuntime, number>();

  get size(): number {
    return this.items.length;
  }

  add(unit: UnitRuntime): void {
    if (this.index.has(unit)) return;
    this.index.set(unit, this.items.length);
    this.items.push(unit);
  }

  delete(unit: UnitRuntime): void {
    const at = this.index.get(unit);
    if (at === undefined) return;
    const last = this.items.pop() as UnitRuntime;
    this.index.delete(unit);
    if (last !== unit) {
      this.items[at] = last;
      this.index.set(last, at);
    }
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
 * Every unit's live part, indexed for the engine: by serial, connected and offline pools for random
 * picks, the units in an update flow, who has which unit on their radar, and what must be written.
 */
export class FleetState {
  readonly units = new Map<string, UnitRuntime>();
  /** Every unit in serial-number order (the list's default order): kept sorted as units come and go. */
  readonly bySerial: UnitRuntime[] = [];
  readonly connectedPool = new IndexedSet();
  readonly offlinePool = new IndexedSet();
  readonly inFlow = new Set<UnitRuntime>();
  readonly flapping = new Set<UnitRuntime>();
  /** Units the gateway's outage cut off: they retry, so they come back soon after it does. */
  readonly cutOffByOutage = new Set<UnitRuntime>();
  readonly sshOpen = new Set<UnitRuntime>();
  readonly busy = new Set<UnitRuntime>();
  readonly aggregates = new FleetAggregates();
  /** serial → usernames whose radar holds it. */
  readonly watchers = new Map<string, Set<string>>();
  readonly dirty = new Map<string, DirtyLevel>();
  /** Serials whose change a radar should hear of (coalesced, sent after the tick). */
  readonly radarChanged = new Set<string>();
  /** Every change recorded since start (benchmarks read it). */
  changes = 0;

  add(unit: UnitRuntime): void {
    this.units.set(unit.serialNumber, unit);
    this.insertSorted(unit);
    (unit.connected ? this.connectedPool : this.offlinePool).add(unit);
    if (unit.flow) this.inFlow.add(unit);
    if (unit.flapping) this.flapping.add(unit);
    if (unit.sshPortOpenUntil !== null) this.sshOpen.add(unit);
    if (unit.busyUntil !== null) this.busy.add(unit);
    this.aggregates.add(unit);
  }

  remove(unit: UnitRuntime): void {
    this.units.delete(unit.serialNumber);
    this.removeSorted(unit);
    this.connectedPool.delete(unit);
    this.offlinePool.delete(unit);
    this.inFlow.delete(unit);
    this.flapping.delete(unit);
    this.cutOffByOutage.delete(unit);
    this.sshOpen.delete(unit);
    this.busy.delete(unit);
    this.dirty.delete(unit.serialNumber);
    this.watchers.delete(unit.serialNumber);
    this.aggregates.remove(unit, this.units.values());
  }

  /** Moves a unit to a new serial number; every index follows. */
  rename(unit: UnitRuntime, serialNumber: string): void {
    this.units.delete(unit.serialNumber);
    const watchers = this.watchers.get(unit.serialNumber);
    this.watchers.delete(unit.serialNumber);
    this.dirty.delete(unit.serialNumber);
    this.removeSorted(unit);
    unit.serialNumber = serialNumber;
    this.units.set(serialNumber, unit);
    this.insertSorted(unit);
    if (watchers) this.watchers.set(serialNumber, watchers);
  }

  /** Index of the first unit whose serial is not below `serial`. */
  lowerBound(serial: string): number {
    let lo = 0;
    let hi = this.bySerial.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.bySerial[mid] as UnitRuntime).serialNumber < serial) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private insertSorted(unit: UnitRuntime): void {
    const last = this.bySerial[this.bySerial.length - 1];
    // The store hands units over in serial order at start: appending keeps that load linear.
    if (!last || last.serialNumber < unit.serialNumber) this.bySerial.push(unit);
    else this.bySerial.splice(this.lowerBound(unit.serialNumber), 0, unit);
  }

  private removeSorted(unit: UnitRuntime): void {
    const at = this.lowerBound(unit.serialNumber);
    if (this.bySerial[at] === unit) this.bySerial.splice(at, 1);
  }

  /** Records that a unit changed: written at the next flush, and heard by radars that hold it. */
  touch(unit: UnitRuntime, now: number, level: DirtyLevel = 'state'): void {
    this.changes += 1;
    unit.updatedAt = level === 'state' ? now : unit.updatedAt;
    const current = this.dirty.get(unit.serialNumber);
    if (current !== 'state') this.dirty.set(unit.serialNumber, level);
    if (this.watchers.has(unit.serialNumber)) this.radarChanged.add(unit.serialNumber);
  }

  /** Applies a change through one function so that pools and aggregates stay right. */
  change(unit: UnitRuntime, now: number, mutate: (unit: UnitRuntime) => void): void {
    const before = this.aggregates.snapshot(unit);
    const wasConnected = unit.connected;
    mutate(unit);
    if (wasConnected !== unit.connected) {
      if (unit.connected) {
        this.offlinePool.delete(unit);
        this.connectedPool.add(unit);
      } else {
        this.connectedPool.delete(unit);
        this.offlinePool.add(unit);
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

  watch(username: string, serialNumber: string): void {
    let set = this.watchers.get(serialNumber);
    if (!set) this.watchers.set(serialNumber, (set = new Set()));
    set.add(username);
  }

  unwatch(username: string, serialNumber: string): void {
    const set = this.watchers.get(serialNumber);
    set?.delete(username);
    if (set?.size === 0) this.watchers.delete(serialNumber);
  }
}
