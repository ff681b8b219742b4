import { SERIAL_BYTES, UnitColumns } from './unit-columns';

describe('the units columns', () => {
  it('when a process holds more than 1,048,576 slots (a million units reloaded beside the ones let go), then every column grows, serials included', () => {
    const columns = new UnitColumns();
    const slots = 2 ** 20 + 40_000;
    let last = -1;
    for (let i = 0; i < slots; i++) last = columns.alloc({});
    expect(last).toBe(slots - 1);
    const serial = 'AXLAST0001';
    columns.serials.set(Buffer.from(serial, 'latin1'), last * SERIAL_BYTES);
    expect(columns.serialAt(last, serial.length)).toBe(serial);
    expect(columns.capacity).toBeGreaterThanOrEqual(slots);
  });
});
