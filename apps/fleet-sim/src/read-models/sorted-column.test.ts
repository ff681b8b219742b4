import fc from 'fast-check';
import { SortedColumn } from './sorted-column';

/** Slots 0..n with a key each (NaN: none) and a serial each; the column orders them by key, then serial. */
function columnOver(keys: number[], serials: string[], block: number) {
  const bySerial = (a: number, b: number) =>
    (serials[a] as string) < (serials[b] as string)
      ? -1
      : (serials[a] as string) > (serials[b] as string)
        ? 1
        : 0;
  return new SortedColumn(() => keys, bySerial, block);
}

function walked(column: SortedColumn, desc: boolean, limit = Infinity): number[] {
  const out: number[] = [];
  column.walk(desc, (slot) => {
    out.push(slot);
    return out.length < limit;
  });
  return out;
}

describe('the timestamp orders of the lists index (read-models/sorted-column.ts)', () => {
  it('when slots are added, moved and deleted in any order, with blocks splitting, merging and packed, then a walk is the plain sort', () => {
    const arbOp = fc.record({
      slot: fc.integer({ min: 0, max: 59 }),
      key: fc.option(fc.integer({ min: 0, max: 20 }), { nil: null }),
      leave: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(arbOp, { maxLength: 300 }),
        fc.constantFrom(2, 3, 4, 8),
        fc.integer({ min: 0, max: 300 }),
        (ops, block, packAt) => {
          const serials = Array.from({ length: 60 }, (_, i) => `S${(i * 37) % 60}`);
          const keys = Array.from({ length: 60 }, () => NaN);
          const present = new Set<number>();
          const column = columnOver(keys, serials, block);
          ops.forEach(({ slot, key, leave }, i) => {
            if (i === packAt) column.pack();
            if (present.has(slot)) column.delete(slot);
            if (leave) {
              present.delete(slot);
              keys[slot] = NaN;
              return;
            }
            keys[slot] = key ?? NaN;
            present.add(slot);
            column.add(slot);
          });
          const expected = [...present]
            .filter((slot) => !Number.isNaN(keys[slot]))
            .sort(
              (a, b) =>
                (keys[a] as number) - (keys[b] as number) ||
                ((serials[a] as string) < (serials[b] as string) ? -1 : 1),
            );
          expect(walked(column, false)).toEqual(expected);
          expect(walked(column, true)).toEqual([...expected].reverse());
          expect(walked(column, true, 3)).toEqual([...expected].reverse().slice(0, 3));
          expect(column.size).toBe(expected.length);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('when a growing timestamp is appended, then full blocks stay full, and churn leaves no more blocks than needed', () => {
    const n = 10_000;
    const keys = Array.from({ length: n }, (_, i) => i);
    const column = columnOver(
      keys,
      keys.map((i) => `S${i}`),
      64,
    );
    for (let slot = 0; slot < n; slot++) column.add(slot);
    expect(column.blocksUsed).toBe(Math.ceil(n / 64));
    // Every unit moves to the end (updatedAt as the field changes): the blocks emptied behind are given back.
    for (let slot = 0; slot < n; slot++) {
      column.delete(slot);
      keys[slot] = n + slot;
      column.add(slot);
    }
    expect(column.blocksUsed).toBeLessThanOrEqual(Math.ceil(n / 64) + 1);
    expect(walked(column, false, 3)).toEqual([0, 1, 2]);
  });
});
