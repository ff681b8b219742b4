/** Flag bits of an indexed unit that lists filter by. */
export const CONNECTED = 1;
export const STAGED = 2;
export const AUTO_STAGED = 4;

/** A column of small ids that lists filter by and count (`head` is a serial's first characters). */
export type CountedColumn = 'family' | 'country' | 'version' | 'state' | 'head';

/** How many characters of a serial the counts are kept by: a longer serial prefix narrows the range enough to walk it. */
export const HEAD_LENGTH = 2;

/**
 * What a page asks of a unit: a 0/1 table per column indexed by the unit's small id (every id 1 when the column
 * is not filtered), the flags it must have (`need`) and must not have (`refuse`: offline units only), and the
 * serial-order range its serial prefix allows. `bySerial`: the prefix is longer than the counts' heads, so totals
 * need a walk of the range.
 */
export class IndexFilter {
  constructor(
    readonly family: Uint8Array,
    readonly country: Uint8Array,
    readonly version: Uint8Array,
    readonly state: Uint8Array,
    readonly head: Uint8Array,
    readonly need: number,
    readonly lo: number,
    readonly hi: number,
    readonly bySerial: boolean,
    readonly refuse = 0,
  ) {}

  /** The same filter with one column narrowed to a single id. */
  narrowed(column: CountedColumn, id: number): IndexFilter {
    const one = (table: Uint8Array, name: CountedColumn) =>
      name === column ? only(table.length, id) : table;
    return new IndexFilter(
      one(this.family, 'family'),
      one(this.country, 'country'),
      one(this.version, 'version'),
      one(this.state, 'state'),
      one(this.head, 'head'),
      this.need,
      this.lo,
      this.hi,
      this.bySerial,
      this.refuse,
    );
  }
}

export const ones = (n: number) => new Uint8Array(n).fill(1);
export const only = (n: number, id: number) => {
  const out = new Uint8Array(n);
  if (id >= 0 && id < n) out[id] = 1;
  return out;
};

/** The units sharing one value of every counted column and flags. */
interface Cell {
  family: number;
  country: number;
  version: number;
  state: number;
  head: number;
  flags: number;
  n: number;
}

/**
 * Counts of units per combination of the columns lists filter by (a few thousand combinations for a million
 * units), kept as units change: a list's total, and its counts per value of a sort column, without a pass over
 * the units. Ids are below 65,536 (they index 16-bit columns), so two exact integer keys locate a cell.
 */
export class CellCounts {
  private readonly byKey = new Map<number, Map<number, Cell>>();
  private readonly cells: Cell[] = [];

  add(
    family: number,
    country: number,
    version: number,
    state: number,
    head: number,
    flags: number,
    by: number,
  ): void {
    const outer = head * 65536 + country;
    const inner = ((version * 65536 + state) * 4 + family) * 8 + flags;
    let group = this.byKey.get(outer);
    if (!group) this.byKey.set(outer, (group = new Map()));
    const cell = group.get(inner);
    if (cell) cell.n += by;
    else {
      const created = { family, country, version, state, head, flags, n: by };
      group.set(inner, created);
      this.cells.push(created);
    }
  }

  /** How many units the filter accepts (its serial range not counted: the caller walks it when `bySerial`). */
  total(filter: IndexFilter): number {
    let total = 0;
    for (const cell of this.cells) if (accepted(filter, cell)) total += cell.n;
    return total;
  }

  /** Visits every cell that holds units: its ids, flags and count (the fleet's history samples them). */
  forEach(
    visit: (cell: { family: number; country: number; version: number; flags: number; n: number }) => void,
  ): void {
    for (const cell of this.cells) if (cell.n > 0) visit(cell);
  }

  /** The filter's counts per id of a column (ids with none left out). */
  countsBy(filter: IndexFilter, column: CountedColumn): Map<number, number> {
    const out = new Map<number, number>();
    for (const cell of this.cells) {
      if (cell.n > 0 && accepted(filter, cell)) out.set(cell[column], (out.get(cell[column]) ?? 0) + cell.n);
    }
    return out;
  }
}

function accepted(filter: IndexFilter, cell: Cell): boolean {
  return (
    ((filter.family[cell.family] as number) &
      (filter.country[cell.country] as number) &
      (filter.version[cell.version] as number) &
      (filter.state[cell.state] as number) &
      (filter.head[cell.head] as number)) ===
      1 &&
    (cell.flags & filter.need) === filter.need &&
    (cell.flags & filter.refuse) === 0
  );
}
