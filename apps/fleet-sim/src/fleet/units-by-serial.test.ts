import { PackedUnit, type PackedUnitInit } from './packed-unit';
import { UnitsBySerial } from './units-by-serial';

function unit(serialNumber: string): PackedUnit {
  const init: PackedUnitInit = {
    serialNumber,
    shard: 1,
    family: 'aligner',
    versionSemantic: '5.4.1',
    versionMeta: '',
    specsName: null,
    systemClass: 'DRAGON',
    numCameras: null,
    isDDAligner: null,
    logLevel: 'WARN',
    targetType: null,
    countryCode: 'US',
    connected: false,
    connectCount: 0,
    port: null,
    address: null,
    currentProcedure: null,
    alignmentCount: 0,
    desired: null,
    stagedRevDone: 0,
    flow: null,
    idleState: 'TRY_INSERT_UPDATE',
    busyUntil: null,
    lastSeenOnlineAt: null,
    sshPortOpenUntil: null,
    flapping: false,
    createdAt: 0,
    updatedAt: 0,
  };
  return new PackedUnit(init);
}

describe('UnitsBySerial', () => {
  it('when units are added and some deleted, then every lookup answers as a Map would', () => {
    const index = new UnitsBySerial();
    const map = new Map<string, PackedUnit>();
    // Enough units to grow the table several times and to make long probe runs.
    for (let i = 0; i < 5000; i++) {
      const u = unit(`AX${i}`);
      index.set(u);
      map.set(u.serialNumber, u);
    }
    for (let i = 0; i < 5000; i += 3) {
      expect(index.delete(`AX${i}`)).toBe(true);
      map.delete(`AX${i}`);
    }
    expect(index.delete('AX0')).toBe(false);
    expect(index.size).toBe(map.size);
    for (let i = 0; i < 5000; i++) {
      expect(index.get(`AX${i}`)).toBe(map.get(`AX${i}`));
      expect(index.has(`AX${i}`)).toBe(map.has(`AX${i}`));
    }
    expect(index.get('AX')).toBeUndefined();
    expect(new Set(index.values())).toEqual(new Set(map.values()));
    expect([...index.keys()].sort()).toEqual([...map.keys()].sort());
  });

  it('when units are added, then they come out in the order they were made', () => {
    const index = new UnitsBySerial();
    const units = ['C', 'A', 'B'].map(unit);
    units.forEach((u) => index.set(u));
    expect([...index]).toEqual(units);
  });

  it('when a unit of the same serial is set again, then it replaces the first and the size stays', () => {
    const index = new UnitsBySerial();
    const first = unit('SAME');
    const second = unit('SAME');
    index.set(first);
    index.set(second);
    expect([index.size, index.get('SAME')]).toEqual([1, second]);
  });
});
