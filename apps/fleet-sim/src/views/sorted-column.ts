import BTree from 'sorted-btree';

/**
 * The slots of a timestamp column in order (key, then serial), in a B+ tree, so that a page sorted by it walks
 * only as far as the page needs instead of passing over every unit. Slots without a value (NaN) are left out:
 * lists put them last and find them in serial order. The tree compares through the index's current arrays, so
 * a slot leaves the tree before its key changes and comes back after.
 */
export class SortedColumn {
  private readonly tree: BTree<number, undefined>;
  private readonly pair: (number | undefined)[] = [];

  constructor(
    readonly keyOf: (slot: number) => number,
    serialOf: (slot: number) => string,
  ) {
    this.tree = new BTree<number, undefined>(undefined, (a, b) => {
      const byKey = keyOf(a) - keyOf(b);
      if (byKey !== 0) return byKey;
      const [sa, sb] = [serialOf(a), serialOf(b)];
      return sa < sb ? -1 : sa > sb ? 1 : 0;
    });
  }

  get size(): number {
    return this.tree.size;
  }

  add(slot: number): void {
    if (this.keyOf(slot) === this.keyOf(slot)) this.tree.set(slot, undefined);
  }

  delete(slot: number): void {
    if (this.keyOf(slot) === this.keyOf(slot)) this.tree.delete(slot);
  }

  /** Visits slots in key order (highest first when `desc`) until `visit` answers false. */
  walk(desc: boolean, visit: (slot: number) => boolean): void {
    const entries = desc ? this.tree.entriesReversed(undefined, this.pair) : this.tree.entries(undefined, this.pair);
    for (const [slot] of entries) if (!visit(slot)) return;
  }
}
