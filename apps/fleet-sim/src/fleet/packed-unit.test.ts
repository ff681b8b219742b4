import { PackedUnit, UNITS, type PackedUnitInit } from './packed-unit';
import type { DesiredStaging } from './desired-state';
import type { UpdateFlow } from './unit-runtime';

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
  const keys = Object.keys({
    ...rest,
    desired,
    flow,
    busyUntil,
    sshPortOpenUntil,
    port,
  }) as (keyof PackedUnitInit)[];
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
    expect(read(unit)).toEqual(
      init({
        connected: false,
        flapping: true,
        family: 'aligner-oasis',
        logLevel: 'WARN',
        isDDAligner: null,
      }),
    );
    unit.isDDAligner = false;
    unit.family = 'aligner';
    expect([unit.isDDAligner, unit.family, unit.connected, unit.flapping]).toEqual([
      false,
      'aligner',
      false,
      true,
    ]);
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

  const desired: DesiredStaging = {
    rev: 2 ** 40,
    semantic: '5.4.1',
    meta: 'b1203',
    path: '/updates/gtps/5.4.1',
    stagedAt: T,
    autoStaged: true,
  };
  const flow = { rev: 9, phase: 'downloading' } as unknown as UpdateFlow;

  it.each<[string, Partial<PackedUnitInit>]>([
    [
      'every nullable field null',
      {
        specsName: null,
        numCameras: null,
        targetType: null,
        port: null,
        address: null,
        currentProcedure: null,
        isDDAligner: null,
        busyUntil: null,
        sshPortOpenUntil: null,
        lastSeenOnlineAt: null,
      },
    ],
    [
      'every nullable field set',
      {
        port: 0,
        numCameras: 0,
        desired,
        flow,
        busyUntil: T + 20_000,
        sshPortOpenUntil: T + 60_000,
        isDDAligner: false,
      },
    ],
    [
      'the largest values',
      {
        port: 65_535,
        connectCount: 2 ** 31 - 1,
        alignmentCount: 2 ** 31 - 1,
        numCameras: 2 ** 31 - 1,
        stagedRevDone: 2 ** 53 - 1,
        shard: 255,
      },
    ],
    [
      'empty strings',
      {
        serialNumber: '',
        versionMeta: '',
        systemClass: '',
        countryCode: '',
        currentProcedure: '',
        idleState: '',
      },
    ],
    ['a serial of 16 characters', { serialNumber: 'ABCDEFGHIJKLMNOP' }],
    ['a serial longer than the columns keep', { serialNumber: 'A-SERIAL-OF-MORE-THAN-SIXTEEN-CHARACTERS' }],
    ['a serial of Latin-1 letters', { serialNumber: 'ÄÖÜ-ÿ' }],
    ['a serial beyond Latin-1', { serialNumber: 'AX-Ω-0001' }],
    [
      'other families, states and procedures',
      {
        family: 'aligner',
        logLevel: 'WARN',
        connected: false,
        idleState: 'INSTALLATION_COMPLETE',
        currentProcedure: 'Printing Report',
        versionSemantic: '10.0.0-rc.1',
      },
    ],
  ])('when a unit is packed with %s, then every field reads back as it was given', (_label, overrides) => {
    const given = init(overrides);
    expect(read(new PackedUnit(given))).toEqual(given);
  });

  it('when two units are packed, then each keeps its own values (slots do not overlap)', () => {
    const a = new PackedUnit(init({ serialNumber: 'A1', desired, flow, address: '2001:db8::1', port: 1 }));
    const b = new PackedUnit(
      init({ serialNumber: 'B22', desired: null, flow: null, address: null, port: 2 }),
    );
    a.alignmentCount = 7;
    expect([a.serialNumber, a.desired, a.flow, a.address, a.port, a.alignmentCount]).toEqual([
      'A1',
      desired,
      flow,
      '2001:db8::1',
      1,
      7,
    ]);
    expect([b.serialNumber, b.desired, b.flow, b.address, b.port, b.alignmentCount]).toEqual([
      'B22',
      null,
      null,
      null,
      2,
      4321,
    ]);
  });

  it('when a serial changes, then the unit answers to the new one only', () => {
    const unit = new PackedUnit(init({ serialNumber: 'AX0001' }));
    unit.serialNumber = 'AX01';
    expect([
      unit.serialNumber,
      unit.hasSerial('AX01'),
      unit.hasSerial('AX0001'),
      unit.hasSerial('AX0'),
    ]).toEqual(['AX01', true, false, false]);
    unit.serialNumber = 'A-SERIAL-OF-MORE-THAN-SIXTEEN-CHARACTERS';
    expect([unit.hasSerial('A-SERIAL-OF-MORE-THAN-SIXTEEN-CHARACTERS'), unit.hasSerial('AX01')]).toEqual([
      true,
      false,
    ]);
  });

  it('when a flow or a staging is cleared, then it reads null', () => {
    const unit = new PackedUnit(init({ desired, flow }));
    unit.flow = null;
    unit.desired = null;
    expect([unit.flow, unit.desired]).toEqual([null, null]);
  });

  it('when a unit let go is still held, then its slot keeps its values and no other unit takes it; taken back, it is held again', () => {
    const kept = new PackedUnit(init({ serialNumber: 'KEPT' }));
    UNITS.retire(kept.slot, kept);
    UNITS.sweep();
    const other = new PackedUnit(init({ serialNumber: 'OTHER' }));
    expect(other.slot).not.toBe(kept.slot);
    expect(kept.serialNumber).toBe('KEPT');
    UNITS.adopt(kept.slot, kept);
    expect(UNITS.owner[kept.slot]).toBe(kept);
  });
});
