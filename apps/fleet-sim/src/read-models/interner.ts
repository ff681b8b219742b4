/**
 * Small-number ids for the few distinct values of a column (countries, versions, states), with a rank
 * per id in the order a list sorts them. Ranks are recomputed only when a new value arrives.
 */
export class Interner {
  private readonly ids = new Map<string, number>();
  readonly values: string[] = [];
  private ranks: Int32Array = new Int32Array(0);
  private ranked = true;

  constructor(private readonly compare: (a: string, b: string) => number = byCodeUnits) {}

  id(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(value, id);
      this.ranked = false;
    }
    return id;
  }

  /** rank[id]: the value's position among all values in sort order. */
  rank(): Int32Array {
    if (!this.ranked) {
      const order = this.values
        .map((_, i) => i)
        .sort((a, b) => this.compare(this.values[a] as string, this.values[b] as string));
      this.ranks = new Int32Array(this.values.length);
      order.forEach((id, position) => (this.ranks[id] = position));
      this.ranked = true;
    }
    return this.ranks;
  }

  /** matches[id] = 1 when the value passes `test` (a filter evaluated once per distinct value). */
  matching(test: (value: string) => boolean): Uint8Array {
    const out = new Uint8Array(this.values.length);
    this.values.forEach((value, id) => (out[id] = test(value) ? 1 : 0));
    return out;
  }
}

/** Plain code-unit order, as the store's C collation sorts text. */
export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
