import { CONNECTED, STAGED, type CountedColumn, type IndexFilter } from './index-cells';

/** The columns counted per block, in the order {@link BlockCounts.add} takes their ids. */
export const BLOCK_COLUMNS: readonly CountedColumn[] = ['family', 'country', 'version', 'state', 'head'];
const COLUMNS = BLOCK_COLUMNS;
const FLAGS = [CONNECTED, STAGED] as const;

/**
 * How many units of each id of the counted columns (and with each flag) lie in each block of `size` consecutive
 * positions of the serial order. A walk in serial order skips a block that cannot hold a unit its filter accepts:
 * the gtps units of a page sorted by family, or a small version's few units, without a pass over the other 900,000.
 * Kept as units change; a change of the order itself (a unit added before the end, or removed) shifts every later
 * position, so the owner rebuilds the counts then.
 */
export class BlockCounts {
  /** Ids a column's counts have room for, per block (a power of two; grown by a rebuild). */
  private stride = 64;
  private blocks = 0;
  private readonly counts = new Map<CountedColumn, Uint32Array>();
  private flagCounts: Uint32Array[] = [];

  constructor(readonly size: number) {
    this.reset(0);
  }

  /** Starts over, empty, with room for `positions` positions (and a quarter more) and ids up to `maxId`. */
  reset(positions: number, maxId = 0): void {
    while (this.stride <= maxId) this.stride *= 2;
    this.blocks = Math.ceil((positions * 1.25 + 1) / this.size) + 1;
    for (const column of COLUMNS) this.counts.set(column, new Uint32Array(this.blocks * this.stride));
    this.flagCounts = FLAGS.map(() => new Uint32Array(this.blocks));
  }

  /**
   * Counts a unit at `position` in (+1) or out (-1), its ids in {@link COLUMNS}' order; answers false, counting
   * nothing, when it does not fit (a position or an id past the room made by the last reset: the owner rebuilds).
   */
  add(position: number, ids: readonly number[], flags: number, by: number): boolean {
    const block = Math.floor(position / this.size);
    if (block >= this.blocks) return false;
    for (const id of ids) if (id >= this.stride) return false;
    const base = block * this.stride;
    COLUMNS.forEach((column, i) => {
      const counts = this.counts.get(column) as Uint32Array;
      const at = base + (ids[i] as number);
      counts[at] = (counts[at] as number) + by;
    });
    FLAGS.forEach((flag, i) => {
      if (flags & flag) {
        const counts = this.flagCounts[i] as Uint32Array;
        counts[block] = (counts[block] as number) + by;
      }
    });
    return true;
  }

  /** Which block a position is in. */
  blockOf(position: number): number {
    return Math.floor(position / this.size);
  }

  /**
   * A test of a block number: false when the block holds no unit the filter can accept (no unit of an accepted id
   * in some filtered column, or none with a needed flag); null when the filter filters no counted column.
   */
  probe(filter: IndexFilter): ((block: number) => boolean) | null {
    const checks: { counts: Uint32Array; ids: number[] }[] = [];
    for (const column of COLUMNS) {
      const table = filter[column];
      const ids: number[] = [];
      for (let id = 0; id < table.length; id++) if (table[id] === 1) ids.push(id);
      if (ids.length < table.length) checks.push({ counts: this.counts.get(column) as Uint32Array, ids });
    }
    const flags = FLAGS.flatMap((flag, i) => (filter.need & flag ? [this.flagCounts[i] as Uint32Array] : []));
    if (checks.length === 0 && flags.length === 0) return null;
    const stride = this.stride;
    return (block) => {
      for (const counts of flags) if (counts[block] === 0) return false;
      const base = block * stride;
      for (const { counts, ids } of checks) {
        let any = false;
        for (const id of ids) {
          if ((counts[base + id] as number) > 0) {
            any = true;
            break;
          }
        }
        if (!any) return false;
      }
      return true;
    };
  }
}
