import type { SerialStore } from './serial-store';

const EMPTY = -1;
const GONE = -2;

/**
 * The index's slots by serial: an open-addressing hash table (linear probing) of slot numbers in one Int32Array,
 * hashed and compared through the serial store's bytes. A lookup costs a hash and about one compare, where a binary
 * search over the serial order took about twenty (a fifth of an API process's time following a changing fleet), and
 * it holds about 8 bytes a unit, nothing for the collector to trace (a Map of a million serials held about 40 MB).
 */
export class SlotTable {
  private table = new Int32Array(0);
  private mask = -1;
  /** Entries used, slots and removed ones alike (a probe passes over both). */
  private filled = 0;

  /** `live`: every slot the table should hold, for when it is rebuilt. */
  constructor(
    private readonly serials: SerialStore,
    private readonly live: () => Iterable<number>,
  ) {}

  /** The slot of the serial last encoded by the serial store (`length` bytes), if any. */
  find(length: number): number | undefined {
    if (this.mask < 0) return undefined;
    for (let i = this.serials.hashEncoded(length) & this.mask; ; i = (i + 1) & this.mask) {
      const slot = this.table[i] as number;
      if (slot === EMPTY) return undefined;
      if (slot !== GONE && this.serials.compareToEncoded(slot, length) === 0) return slot;
    }
  }

  /** Adds a slot whose serial the store holds (not yet among the {@link live} slots). */
  add(slot: number): void {
    // Grown with room to double, so that a load one unit at a time rebuilds it a few times, not at every add.
    if ((this.filled + 1) * 4 > this.table.length * 3) this.rebuild(2 * (this.filled + 1));
    this.put(slot);
  }

  delete(slot: number): void {
    if (this.mask < 0) return;
    for (let i = this.serials.hash(slot) & this.mask; ; i = (i + 1) & this.mask) {
      const at = this.table[i] as number;
      if (at === EMPTY) return;
      if (at === slot) {
        this.table[i] = GONE;
        return;
      }
    }
  }

  /** Room for `slots` slots without growing (sized once at start from the store's estimate). */
  reserve(slots: number): void {
    if (slots * 4 > this.table.length * 3) this.rebuild(slots);
  }

  /** A table for `slots` slots at three-quarters full at most, refilled with the live ones (removed ones dropped). */
  private rebuild(slots: number): void {
    let size = 1024;
    while (size * 3 < slots * 4) size *= 2;
    this.table = new Int32Array(size).fill(EMPTY);
    this.mask = size - 1;
    this.filled = 0;
    for (const slot of this.live()) this.put(slot);
  }

  private put(slot: number): void {
    let i = this.serials.hash(slot) & this.mask;
    while ((this.table[i] as number) >= 0) i = (i + 1) & this.mask;
    if (this.table[i] === EMPTY) this.filled += 1;
    this.table[i] = slot;
  }
}
