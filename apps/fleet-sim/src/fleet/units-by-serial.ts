import { serialHash, UNITS, type PackedUnit } from './packed-unit';
import type { UnitRuntime } from './unit-runtime';

/**
 * A simulator's units by serial, as a Map would hold them but without a string per unit: an open-addressing
 * table of slots (linear probing, at most half full) whose serials are compared in the units' columns. At half a
 * million units a Map and its serial strings took about 80 bytes of heap a unit; this takes 8 outside it.
 */
export class UnitsBySerial {
  /** Slot + 1 of the unit at each place; 0 is empty. */
  private table = new Int32Array(1024);
  private count = 0;

  get size(): number {
    return this.count;
  }

  get(serial: string): PackedUnit | undefined {
    const at = this.find(serial, serialHash(serial));
    return at === -1 ? undefined : UNITS.owner[(this.table[at] as number) - 1];
  }

  has(serial: string): boolean {
    return this.find(serial, serialHash(serial)) !== -1;
  }

  /** Adds a unit (it must live in UNITS), or replaces the unit of the same serial. */
  set(unit: PackedUnit): void {
    const at = this.find(unit.serialNumber, unit.serialHash);
    if (at !== -1) {
      this.table[at] = unit.slot + 1;
      return;
    }
    if ((this.count + 1) * 2 > this.table.length) this.resize(this.table.length * 2);
    this.place(unit.slot, unit.serialHash);
    this.count += 1;
  }

  delete(serial: string): boolean {
    let at = this.find(serial, serialHash(serial));
    if (at === -1) return false;
    // Backward-shift deletion: move later members of the run up, so that no lookup stops at the hole.
    const mask = this.table.length - 1;
    for (let next = (at + 1) & mask; this.table[next] !== 0; next = (next + 1) & mask) {
      const home = this.hashAt(next) & mask;
      const between = at <= next ? at < home && home <= next : at < home || home <= next;
      if (between) continue;
      this.table[at] = this.table[next] as number;
      at = next;
    }
    this.table[at] = 0;
    this.count -= 1;
    return true;
  }

  *values(): IterableIterator<UnitRuntime> {
    // In slot order: the order the units were loaded in, as a Map's insertion order was.
    const member = new Uint8Array(UNITS.capacity);
    for (const entry of this.table) if (entry !== 0) member[entry - 1] = 1;
    for (let slot = 0; slot < member.length; slot++) {
      const unit = member[slot] ? UNITS.owner[slot] : undefined;
      if (unit) yield unit;
    }
  }

  *keys(): IterableIterator<string> {
    for (const unit of this.values()) yield unit.serialNumber;
  }

  [Symbol.iterator](): IterableIterator<UnitRuntime> {
    return this.values();
  }

  private find(serial: string, hash: number): number {
    const mask = this.table.length - 1;
    for (let at = hash & mask; ; at = (at + 1) & mask) {
      const entry = this.table[at] as number;
      if (entry === 0) return -1;
      const unit = UNITS.owner[entry - 1] as PackedUnit;
      if (unit.serialHash === hash && unit.hasSerial(serial)) return at;
    }
  }

  private hashAt(at: number): number {
    return (UNITS.owner[(this.table[at] as number) - 1] as PackedUnit).serialHash;
  }

  private place(slot: number, hash: number): void {
    const mask = this.table.length - 1;
    let at = hash & mask;
    while (this.table[at] !== 0) at = (at + 1) & mask;
    this.table[at] = slot + 1;
  }

  private resize(length: number): void {
    const old = this.table;
    this.table = new Int32Array(length);
    for (const entry of old)
      if (entry !== 0) this.place(entry - 1, UNITS.cols.serialHash[entry - 1] as number);
  }
}
