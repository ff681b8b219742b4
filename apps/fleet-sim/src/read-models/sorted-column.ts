/** Slots a block holds: a move inside one copies at most this many, and finding a block takes about 12 compares. */
const BLOCK = 512;

/**
 * The slots of a timestamp column in order (key, then serial), so that a page sorted by it walks only as far as the
 * page needs instead of passing over every unit. Slots without a value (NaN) are left out: lists put them last and
 * find them in serial order. The order compares through the index's current arrays, so a slot leaves before its key
 * changes and comes back after.
 *
 * The order is a list of blocks of slots (a B+ tree of two levels) in one Int32Array: 4 bytes a slot where a B+ tree
 * of JS arrays held about 15, and nothing for the collector to trace.
 */
export class SortedColumn {
  /** Block b holds its slots in `slots[b * block ...]`, `lengths[b]` of them. */
  private slots = new Int32Array(0);
  private lengths = new Int32Array(0);
  /** Block ids in order. */
  private blocks = new Int32Array(0);
  private blockCount = 0;
  private readonly spare: number[] = [];
  private count = 0;

  /**
   * `keys`: the column's current values by slot. Compares read them from the array: through a function answering a
   * slot's value, each compare made a heap number (a double returned from a call that is not inlined), about two
   * thirds of an API process's garbage while the fleet changed (a collection every quarter of a second).
   */
  constructor(
    private readonly keys: () => ArrayLike<number>,
    private readonly compareSerials: (a: number, b: number) => number,
    private readonly block = BLOCK,
  ) {}

  /** A slot's key (NaN: none). */
  readonly keyOf = (slot: number): number => this.keys()[slot] as number;

  get size(): number {
    return this.count;
  }

  get blocksUsed(): number {
    return this.blockCount;
  }

  add(slot: number): void {
    if (Number.isNaN(this.keys()[slot])) return;
    if (this.blockCount === 0) {
      const b = this.newBlock();
      this.blocks[0] = b;
      this.blockCount = 1;
    }
    const at = this.blockOf(slot);
    let b = this.blocks[at] as number;
    let n = this.lengths[b] as number;
    let pos = this.position(b, n, slot);
    if (n === this.block) {
      // An append past a full block opens a new one (a timestamp that grows fills blocks to the brim); else halves.
      const next = this.newBlock();
      this.insertBlock(at + 1, next);
      if (pos === n) {
        b = next;
        n = 0;
        pos = 0;
      } else {
        const half = n >> 1;
        this.slots.copyWithin(next * this.block, b * this.block + half, b * this.block + n);
        this.lengths[next] = n - half;
        this.lengths[b] = half;
        if (pos > half) {
          b = next;
          pos -= half;
        }
        n = this.lengths[b] as number;
      }
    }
    const base = b * this.block;
    this.slots.copyWithin(base + pos + 1, base + pos, base + n);
    this.slots[base + pos] = slot;
    this.lengths[b] = n + 1;
    this.count += 1;
  }

  delete(slot: number): void {
    if (Number.isNaN(this.keys()[slot]) || this.blockCount === 0) return;
    const at = this.blockOf(slot);
    const b = this.blocks[at] as number;
    const n = this.lengths[b] as number;
    const base = b * this.block;
    const pos = this.position(b, n, slot);
    if (pos === n || this.slots[base + pos] !== slot) return;
    this.slots.copyWithin(base + pos, base + pos + 1, base + n);
    this.lengths[b] = n - 1;
    this.count -= 1;
    if (n - 1 === 0) this.dropBlock(at);
    else if (n - 1 < this.block >> 2) {
      // A thin block joins a neighbour it fits in, so churn cannot leave the column as many near-empty blocks.
      if (at + 1 < this.blockCount && this.fits(at, at + 1)) this.merge(at);
      else if (at > 0 && this.fits(at - 1, at)) this.merge(at - 1);
    }
  }

  /** Visits slots in key order (highest first when `desc`) until `visit` answers false. */
  walk(desc: boolean, visit: (slot: number) => boolean): void {
    for (let i = 0; i < this.blockCount; i++) {
      const b = this.blocks[desc ? this.blockCount - 1 - i : i] as number;
      const n = this.lengths[b] as number;
      const base = b * this.block;
      for (let j = 0; j < n; j++) if (!visit(this.slots[base + (desc ? n - 1 - j : j)] as number)) return;
    }
  }

  /** Repacks the blocks seven-eighths full into buffers sized to fit (after a load, whose random order left them about two-thirds full). */
  pack(): void {
    const fill = Math.max(1, Math.floor((this.block * 7) / 8));
    const blocks = Math.ceil(this.count / fill);
    const capacity = blocks + Math.ceil(blocks / 8) + 1;
    const slots = new Int32Array(capacity * this.block);
    const lengths = new Int32Array(capacity);
    let out = 0;
    this.walk(false, (slot) => {
      const b = Math.floor(out / fill);
      slots[b * this.block + (out % fill)] = slot;
      lengths[b] = (lengths[b] as number) + 1;
      out += 1;
      return true;
    });
    this.slots = slots;
    this.lengths = lengths;
    this.blocks = Int32Array.from({ length: capacity }, (_, i) => i);
    this.blockCount = blocks;
    this.spare.length = 0;
    for (let b = capacity - 1; b >= blocks; b--) this.spare.push(b);
  }

  private compare(a: number, b: number): number {
    const keys = this.keys();
    const ka = keys[a] as number;
    const kb = keys[b] as number;
    return ka < kb ? -1 : ka > kb ? 1 : this.compareSerials(a, b);
  }

  /** The position in the block order of the last block whose first slot is not after `slot` (the first block when none). */
  private blockOf(slot: number): number {
    let lo = 1;
    let hi = this.blockCount;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(this.slots[(this.blocks[mid] as number) * this.block] as number, slot) <= 0)
        lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }

  /** The first position in block `b` (of `n` slots) not before `slot`. */
  private position(b: number, n: number, slot: number): number {
    const base = b * this.block;
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(this.slots[base + mid] as number, slot) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private fits(left: number, right: number): boolean {
    return (
      (this.lengths[this.blocks[left] as number] as number) +
        (this.lengths[this.blocks[right] as number] as number) <=
      (this.block * 3) >> 2
    );
  }

  /** Moves the block after position `at` into the block at `at`. */
  private merge(at: number): void {
    const [left, right] = [this.blocks[at] as number, this.blocks[at + 1] as number];
    const [nl, nr] = [this.lengths[left] as number, this.lengths[right] as number];
    this.slots.copyWithin(left * this.block + nl, right * this.block, right * this.block + nr);
    this.lengths[left] = nl + nr;
    this.lengths[right] = 0;
    this.dropBlock(at + 1);
  }

  private newBlock(): number {
    if (this.spare.length === 0) {
      const had = this.lengths.length;
      const capacity = Math.max(4, Math.ceil(had * 1.5));
      const slots = new Int32Array(capacity * this.block);
      slots.set(this.slots);
      this.slots = slots;
      const lengths = new Int32Array(capacity);
      lengths.set(this.lengths);
      this.lengths = lengths;
      const blocks = new Int32Array(capacity);
      blocks.set(this.blocks);
      this.blocks = blocks;
      for (let b = capacity - 1; b >= had; b--) this.spare.push(b);
    }
    const b = this.spare.pop() as number;
    this.lengths[b] = 0;
    return b;
  }

  private insertBlock(at: number, b: number): void {
    this.blocks.copyWithin(at + 1, at, this.blockCount);
    this.blocks[at] = b;
    this.blockCount += 1;
  }

  private dropBlock(at: number): void {
    this.spare.push(this.blocks[at] as number);
    this.blocks.copyWithin(at, at + 1, this.blockCount);
    this.blockCount -= 1;
  }
}
