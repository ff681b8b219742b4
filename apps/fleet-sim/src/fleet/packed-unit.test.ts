import { PackedUnit, type PackedUnitInit } from './packed-unit';

const T = Date.UTC(2026, 10, 24, 8, 30, 15, 123);

function init(overrides: Partial<PackedUnitInit> = {}): PackedUnitInit {
  return {
    serialNumber: 'AX0001',
    shard: 7,
    family: 'gtps',
    versionSemantic: '5.4.1',
    versionMeta: 'b1203',
    specsName: 'SPECS-2026-10',
    systemClass: 'DRAGON',
    numCameras: 4,
    isDDAligner: true,
    logLevel: 'INFO',
    targetType: 'XL',
    countryCode: 'DE',
    connected: true,
    connectCount: 12,
    port: null,
    address: '::ffff:203.0.113.254,10.40.255.2',
    currentProcedure: 'ALIGNMENT',
    alignmentCount: 4321,
    desired: null,
    stagedRevDone: 3,
    flow: null,
    idleState: 'TRY_INSERT_UPDATE',
    busyUntil: null,
    lastSeenOnlineAt: T - 1,
    sshPortOpenUntil: null,
    flapping: false,
    createdAt: Date.UTC(2019, 0, 1),
    updatedAt: T,
    ...overrides,
  };
}

/** What a unit reads as, field by field (its accessors are not own properties). */
function read(unit: PackedUnit): PackedUnitInit {
  const { desired, flow, busyUntil, sshPortOpenUntil, port, ...rest } = init();
  const keys = Object.keys({ ...rest, desired, flow, busyUntil, sshPortOpenUntil, port }) as (keyof PackedUnitInit)[];
  return Object.fromEntries(keys.map((key) => [key, unit[key]])) as unknown as PackedUnitInit;
}

describe('PackedUnit', () => {
  it('when a unit is packed, then every field reads back as it was given', () => {
    expect(read(new PackedUnit(init()))).toEqual(init());
  });

  it('when flags, family, log level and the DD flag change, then each reads back and leaves the others alone', () => {
    const unit = new PackedUnit(init());
    unit.connected = false;
    unit.flapping = true;
    unit.family = 'aligner-oasis';
    unit.logLevel = 'WARN';
    unit.isDDAligner = null;
    expect(read(unit)).toEqual(init({ connected: false, flapping: true, family: 'aligner-oasis', logLevel: 'WARN', isDDAligner: null }));
    unit.isDDAligner = false;
    unit.family = 'aligner';
    expect([unit.isDDAligner, unit.family, unit.connected, unit.flapping]).toEqual([false, 'aligner', false, true]);
  });

  it.each([
    ['a simulated address', '::ffff:10.0.0.2,23.255.0.1'],
    ['a seeded address', '::ffff:198.51.100.7,192.168.20.250'],
    ['an address of another form', '2001:db8::1'],
    ['an address with an octet above 255', '::ffff:300.1.1.1,10.0.0.1'],
    ['no address', null],
  ])('when a unit gets %s, then it reads back the same', (_label, address) => {
    const unit = new PackedUnit(init());
    unit.address = address;
    expect(unit.address).toBe(address);
    unit.address = '::ffff:1.2.3.4,5.6.7.8';
    expect(unit.address).toBe('::ffff:1.2.3.4,5.6.7.8');
  });

  it.each([
    ['now', T],
    ['the epoch', 0],
    ['a day before the epoch', -86_400_000],
    ['a far date', Date.UTC(2200, 0, 1, 0, 0, 0, 999)],
  ])('when a timestamp is %s, then it reads back to the ms', (_label, at) => {
    const unit = new PackedUnit(init());
    unit.updatedAt = at;
    unit.createdAt = at;
    unit.lastSeenOnlineAt = at;
    expect([unit.updatedAt, unit.createdAt, unit.lastSeenOnlineAt]).toEqual([at, at, at]);
    unit.lastSeenOnlineAt = null;
    expect(unit.lastSeenOnlineAt).toBeNull();
  });

  it('when a timestamp has a fraction of a ms, then it keeps the whole ms, as a Date does', () => {
    const unit = new PackedUnit(init());
    unit.updatedAt = T + 0.75;
    expect(unit.updatedAt).toBe(new Date(T + 0.75).getTime());
  });
});
