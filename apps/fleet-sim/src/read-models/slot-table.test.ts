import fc from 'fast-check';
import { SerialStore } from './serial-store';
import { SlotTable } from './slot-table';

describe('the slots of the lists index by serial (read-models/slot-table.ts)', () => {
  it('when serials are added and removed in any order, past several rebuilds, then each is found at its slot and a removed one is not', () => {
    const arbOp = fc.record({ serial: fc.stringMatching(/^[A-D][0-9]{0,3}$/), remove: fc.boolean() });
    fc.assert(
      fc.property(fc.array(arbOp, { minLength: 2000, maxLength: 4000 }), (ops) => {
        const store = new SerialStore();
        store.grow(4096, 8);
        const held = new Map<string, number>();
        const table = new SlotTable(store, () => held.values());
        const free: number[] = [];
        let next = 0;
        for (const { serial, remove } of ops) {
          const slot = held.get(serial);
          if (remove && slot !== undefined) {
            table.delete(slot);
            store.clear(slot);
            held.delete(serial);
            free.push(slot);
          } else if (!remove && slot === undefined) {
            const added = free.pop() ?? next++;
            store.set(added, serial);
            table.add(added);
            held.set(serial, added);
          }
        }
        for (const { serial } of ops) expect(table.find(store.encode(serial))).toBe(held.get(serial));
      }),
      { numRuns: 30 },
    );
  });
});
