import fc from 'fast-check';
import { SerialStore } from './serial-store';

const bytesOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
const sign = (n: number) => Math.sign(n);

describe('the serials of the lists index (read-models/serial-store.ts)', () => {
  it('when serials of any length are set, replaced and cleared, then each slot reads back its serial and compares as bytes', () => {
    const arbSerial = fc.oneof(
      fc.stringMatching(/^[A-C][A-C0-9]{0,6}$/),
      fc.string({ minLength: 120, maxLength: 300 }),
      fc.constantFrom('', 'Ä1', 'AB€', '𝔸Z', 'B1\uffff'),
    );
    const arbOp = fc.record({
      slot: fc.integer({ min: 0, max: 15 }),
      serial: fc.option(arbSerial, { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(arbOp, { maxLength: 200 }), (ops) => {
        const store = new SerialStore();
        store.grow(16, 2);
        const held = new Map<number, string>();
        for (const { slot, serial } of ops) {
          if (serial === undefined) {
            store.clear(slot);
            held.delete(slot);
          } else {
            store.set(slot, serial);
            held.set(slot, serial);
          }
        }
        for (const [slot, serial] of held) {
          expect(store.get(slot)).toBe(serial);
          for (const [other, otherSerial] of held)
            expect(sign(store.compare(slot, other))).toBe(sign(bytesOrder(serial, otherSerial)));
          const n = store.encode('B1');
          expect(sign(store.compareToEncoded(slot, n))).toBe(sign(bytesOrder(serial, 'B1')));
          expect(store.compareToEncoded(slot, n, true) === 0).toBe(serial.startsWith('B1'));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('when one slot is rewritten many times, then the dead bytes are compacted away instead of growing the buffer', () => {
    const store = new SerialStore();
    store.grow(4, 16);
    store.set(1, 'KEPT0001');
    for (let i = 0; i < 10_000; i++) store.set(0, `S${i}`);
    expect(store.get(0)).toBe('S9999');
    expect(store.get(1)).toBe('KEPT0001');
    expect(store.byteLength).toBeLessThan(1024);
  });
});
