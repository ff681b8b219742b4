import { FAMILIES, type Family, type LogLevel } from '@equipment-dashboard/domain';
import type { DesiredStaging } from './desired-state';
import type { UnitRuntime, UpdateFlow } from './unit-runtime';

// A simulator holds half a million units, and issue 19 allows 600 bytes of RSS each. A plain object spends 8 bytes
// a field plus a 16-byte box for every timestamp, and the address string (about 90 bytes) is most of a unit's own
// data. Here flags and the family share one small integer, each timestamp is two small integers, and the address
// is three: about 260 bytes a unit instead of about 410 (tools/bench/unit-memory.ts). Small integers ("Smis", up to
// 2^31) are stored in the object itself.

const FAMILY_MASK = 0b11;
const INFO = 1 << 2;
const CONNECTED = 1 << 3;
const FLAPPING = 1 << 4;
const DD_SHIFT = 5;
const DD_MASK = 0b11 << DD_SHIFT;
const DD_CODE = { null: 0, false: 1, true: 2 } as const;

/**
 * Timestamps in whole ms (as a Date keeps them) split into a high part (units of 2^21 ms, about 35 minutes) and the
 * rest, both Smis (`| 0` keeps a computed integer from being stored as a boxed double).
 */
const TIME_UNIT = 2 ** 21;
const NO_TIME = -(2 ** 30);

/** `::ffff:a.b.c.d,e.f.g.h`, the address a connected unit reports (seeded and simulated alike). */
const ADDRESS = /^::ffff:(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3}),(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const NO_ADDRESS = -1;
/** An address of another form (none is made today): kept as it came. */
const otherAddresses = new WeakMap<PackedUnit, string>();

function octets(n: number): string {
  return `${n >>> 16}.${(n >>> 8) & 255}.${n & 255}`;
}

/** A unit's fields as the store gives them (its place in a pool is the engine's). */
export type PackedUnitInit = Omit<UnitRuntime, 'poolSlot'>;

/** A unit as a simulator holds it, compact (see above); it reads and writes as a plain UnitRuntime. */
export class PackedUnit implements UnitRuntime {
  serialNumber: string;
  shard: number;
  versionSemantic: string;
  versionMeta: string;
  specsName: string | null;
  systemClass: string;
  numCameras: number | null;
  targetType: string | null;
  countryCode: string;
  connectCount: number;
  port: number | null;
  currentProcedure: string | null;
  alignmentCount: number;
  desired: DesiredStaging | null;
  stagedRevDone: number;
  flow: UpdateFlow | null;
  idleState: string;
  busyUntil: number | null;
  sshPortOpenUntil: number | null;
  poolSlot = -1;
  private bits = 0;
  /** The two IPv4 addresses without their last octets, and both last octets; NO_ADDRESS in ipLow for none. */
  private ipA = 0;
  private ipB = 0;
  private ipLow = NO_ADDRESS;
  private createdHi = 0;
  private createdLo = 0;
  private updatedHi = 0;
  private updatedLo = 0;
  private seenHi = NO_TIME;
  private seenLo = 0;

  constructor(init: PackedUnitInit) {
    this.serialNumber = init.serialNumber;
    this.shard = init.shard;
    this.versionSemantic = init.versionSemantic;
    this.versionMeta = init.versionMeta;
    this.specsName = init.specsName;
    this.systemClass = init.systemClass;
    this.numCameras = init.numCameras;
    this.targetType = init.targetType;
    this.countryCode = init.countryCode;
    this.connectCount = init.connectCount;
    this.port = init.port;
    this.currentProcedure = init.currentProcedure;
    this.alignmentCount = init.alignmentCount;
    this.desired = init.desired;
    this.stagedRevDone = init.stagedRevDone;
    this.flow = init.flow;
    this.idleState = init.idleState;
    this.busyUntil = init.busyUntil;
    this.sshPortOpenUntil = init.sshPortOpenUntil;
    this.family = init.family;
    this.logLevel = init.logLevel;
    this.connected = init.connected;
    this.flapping = init.flapping;
    this.isDDAligner = init.isDDAligner;
    this.address = init.address;
    this.createdAt = init.createdAt;
    this.updatedAt = init.updatedAt;
    this.lastSeenOnlineAt = init.lastSeenOnlineAt;
  }

  get family(): Family {
    return FAMILIES[this.bits & FAMILY_MASK] as Family;
  }
  set family(value: Family) {
    this.bits = (this.bits & ~FAMILY_MASK) | FAMILIES.indexOf(value);
  }

  get logLevel(): LogLevel {
    return this.bits & INFO ? 'INFO' : 'WARN';
  }
  set logLevel(value: LogLevel) {
    this.flag(INFO, value === 'INFO');
  }

  get connected(): boolean {
    return (this.bits & CONNECTED) !== 0;
  }
  set connected(value: boolean) {
    this.flag(CONNECTED, value);
  }

  get flapping(): boolean {
    return (this.bits & FLAPPING) !== 0;
  }
  set flapping(value: boolean) {
    this.flag(FLAPPING, value);
  }

  get isDDAligner(): boolean | null {
    const code = (this.bits & DD_MASK) >> DD_SHIFT;
    return code === DD_CODE.null ? null : code === DD_CODE.true;
  }
  set isDDAligner(value: boolean | null) {
    this.bits = (this.bits & ~DD_MASK) | (DD_CODE[`${value}`] << DD_SHIFT);
  }

  get address(): string | null {
    if (this.ipLow === NO_ADDRESS) return otherAddresses.get(this) ?? null;
    return `::ffff:${octets(this.ipA)}.${this.ipLow >>> 8},${octets(this.ipB)}.${this.ipLow & 255}`;
  }
  set address(value: string | null) {
    otherAddresses.delete(this);
    const parts = value === null ? null : ADDRESS.exec(value);
    const n = parts ? parts.slice(1).map(Number) : [];
    if (!parts || n.some((octet) => octet > 255)) {
      this.ipLow = NO_ADDRESS;
      if (value !== null) otherAddresses.set(this, value);
      return;
    }
    const [a, b, c, d, e, f, g, h] = n as [number, number, number, number, number, number, number, number];
    this.ipA = (a << 16) | (b << 8) | c;
    this.ipB = (e << 16) | (f << 8) | g;
    this.ipLow = (d << 8) | h;
  }

  get createdAt(): number {
    return this.createdHi * TIME_UNIT + this.createdLo;
  }
  set createdAt(value: number) {
    this.createdHi = Math.floor(value / TIME_UNIT) | 0;
    this.createdLo = (value - this.createdHi * TIME_UNIT) | 0;
  }

  get updatedAt(): number {
    return this.updatedHi * TIME_UNIT + this.updatedLo;
  }
  set updatedAt(value: number) {
    this.updatedHi = Math.floor(value / TIME_UNIT) | 0;
    this.updatedLo = (value - this.updatedHi * TIME_UNIT) | 0;
  }

  get lastSeenOnlineAt(): number | null {
    return this.seenHi === NO_TIME ? null : this.seenHi * TIME_UNIT + this.seenLo;
  }
  set lastSeenOnlineAt(value: number | null) {
    if (value === null) {
      this.seenHi = NO_TIME;
      this.seenLo = 0;
      return;
    }
    this.seenHi = Math.floor(value / TIME_UNIT) | 0;
    this.seenLo = (value - this.seenHi * TIME_UNIT) | 0;
  }

  private flag(bit: number, on: boolean): void {
    this.bits = on ? this.bits | bit : this.bits & ~bit;
  }
}
