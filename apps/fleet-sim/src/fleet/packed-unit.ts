import { FAMILIES, type Family, type LogLevel } from '@equipment-dashboard/domain';
import type { DesiredStaging } from './desired-state';
import { LONG_SERIAL, NULL_INT, SERIAL_BYTES, UnitColumns, valueCodes } from './unit-columns';
import type { UnitRuntime, UpdateFlow } from './unit-runtime';

// A simulator holds half a million units, in a budget of 600 bytes of RSS each (docs/performance.md). A unit's values live in the
// columns of unit-columns.ts, outside V8's heap; the object is only the unit's identity (the sets, pools and
// commands that hold it) and its slot.

const FAMILY_MASK = 0b11;
const INFO = 1 << 2;
const CONNECTED = 1 << 3;
const FLAPPING = 1 << 4;
const DD_SHIFT = 5;
const DD_MASK = 0b11 << DD_SHIFT;
const DD_CODE = { null: 0, false: 1, true: 2 } as const;
const ADDRESS_SHIFT = 7;
const ADDRESS_MASK = 0b11 << ADDRESS_SHIFT;
const ADDRESS_KIND = { none: 0, pair: 1, other: 2 } as const;

/** `::ffff:a.b.c.d,e.f.g.h`, the address a connected unit reports (seeded and simulated alike). */
const ADDRESS =
  /^::ffff:(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3}),(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

const ipv4 = (n: number) => `${n >>> 24}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
const nullable = (n: number) => (Number.isNaN(n) ? null : n);

/** FNV-1a of a serial's characters (the serial index's hash; kept per unit so that lookups compare it first). */
export function serialHash(serial: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < serial.length; i++) hash = Math.imul(hash ^ serial.charCodeAt(i), 0x01000193);
  return hash | 0;
}

/** The columns units live in while a simulator holds them. */
export const UNITS = new UnitColumns<PackedUnit>();

/** A unit's fields as the store gives them (its place in a pool is the engine's). */
export type PackedUnitInit = Omit<UnitRuntime, 'poolSlot'>;

/** A unit as a simulator holds it: a slot in columns (see above); it reads and writes as a plain UnitRuntime. */
export class PackedUnit implements UnitRuntime {
  /** The unit's place in the columns. */
  readonly slot: number;

  constructor(init: PackedUnitInit) {
    this.slot = UNITS.alloc(this);
    this.poolSlot = -1;
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

  get serialNumber(): string {
    const slot = this.slot;
    const length = UNITS.cols.serialLength[slot] as number;
    if (length === LONG_SERIAL) return UNITS.longSerials.get(slot) ?? '';
    return UNITS.serialAt(slot, length);
  }
  set serialNumber(value: string) {
    const { cols, serials } = UNITS;
    const slot = this.slot;
    cols.serialHash[slot] = serialHash(value);
    const start = slot * SERIAL_BYTES;
    let latin1 = value.length <= SERIAL_BYTES;
    for (let i = 0; latin1 && i < value.length; i++) {
      const c = value.charCodeAt(i);
      if (c > 255) latin1 = false;
      else serials[start + i] = c;
    }
    if (latin1) {
      cols.serialLength[slot] = value.length;
      UNITS.longSerials.delete(slot);
    } else {
      cols.serialLength[slot] = LONG_SERIAL;
      UNITS.longSerials.set(slot, value);
    }
  }

  /** Whether the unit's serial is `serial` (the serial index compares without making a string). */
  hasSerial(serial: string): boolean {
    const { cols, serials } = UNITS;
    const slot = this.slot;
    const length = cols.serialLength[slot] as number;
    if (length === LONG_SERIAL) return UNITS.longSerials.get(slot) === serial;
    if (length !== serial.length) return false;
    const start = slot * SERIAL_BYTES;
    for (let i = 0; i < length; i++) if (serials[start + i] !== serial.charCodeAt(i)) return false;
    return true;
  }

  get serialHash(): number {
    return UNITS.cols.serialHash[this.slot] as number;
  }

  get shard(): number {
    return UNITS.cols.shard[this.slot] as number;
  }
  set shard(value: number) {
    UNITS.cols.shard[this.slot] = value;
  }

  get versionSemantic(): string {
    return valueCodes.value(UNITS.cols.versionSemantic[this.slot] as number) as string;
  }
  set versionSemantic(value: string) {
    UNITS.cols.versionSemantic[this.slot] = valueCodes.code(value);
  }

  get versionMeta(): string {
    return valueCodes.value(UNITS.cols.versionMeta[this.slot] as number) as string;
  }
  set versionMeta(value: string) {
    UNITS.cols.versionMeta[this.slot] = valueCodes.code(value);
  }

  get specsName(): string | null {
    return valueCodes.value(UNITS.cols.specsName[this.slot] as number);
  }
  set specsName(value: string | null) {
    UNITS.cols.specsName[this.slot] = valueCodes.code(value);
  }

  get systemClass(): string {
    return valueCodes.value(UNITS.cols.systemClass[this.slot] as number) as string;
  }
  set systemClass(value: string) {
    UNITS.cols.systemClass[this.slot] = valueCodes.code(value);
  }

  get targetType(): string | null {
    return valueCodes.value(UNITS.cols.targetType[this.slot] as number);
  }
  set targetType(value: string | null) {
    UNITS.cols.targetType[this.slot] = valueCodes.code(value);
  }

  get countryCode(): string {
    return valueCodes.value(UNITS.cols.countryCode[this.slot] as number) as string;
  }
  set countryCode(value: string) {
    UNITS.cols.countryCode[this.slot] = valueCodes.code(value);
  }

  get currentProcedure(): string | null {
    return valueCodes.value(UNITS.cols.currentProcedure[this.slot] as number);
  }
  set currentProcedure(value: string | null) {
    UNITS.cols.currentProcedure[this.slot] = valueCodes.code(value);
  }

  get idleState(): string {
    return valueCodes.value(UNITS.cols.idleState[this.slot] as number) as string;
  }
  set idleState(value: string) {
    UNITS.cols.idleState[this.slot] = valueCodes.code(value);
  }

  get numCameras(): number | null {
    const n = UNITS.cols.numCameras[this.slot] as number;
    return n === NULL_INT ? null : n;
  }
  set numCameras(value: number | null) {
    UNITS.cols.numCameras[this.slot] = value ?? NULL_INT;
  }

  get connectCount(): number {
    return UNITS.cols.connectCount[this.slot] as number;
  }
  set connectCount(value: number) {
    UNITS.cols.connectCount[this.slot] = value;
  }

  get port(): number | null {
    const n = UNITS.cols.port[this.slot] as number;
    return n === NULL_INT ? null : n;
  }
  set port(value: number | null) {
    UNITS.cols.port[this.slot] = value ?? NULL_INT;
  }

  get alignmentCount(): number {
    return UNITS.cols.alignmentCount[this.slot] as number;
  }
  set alignmentCount(value: number) {
    UNITS.cols.alignmentCount[this.slot] = value;
  }

  get poolSlot(): number {
    return UNITS.cols.poolSlot[this.slot] as number;
  }
  set poolSlot(value: number) {
    UNITS.cols.poolSlot[this.slot] = value;
  }

  get stagedRevDone(): number {
    return UNITS.cols.stagedRevDone[this.slot] as number;
  }
  set stagedRevDone(value: number) {
    UNITS.cols.stagedRevDone[this.slot] = value;
  }

  get busyUntil(): number | null {
    return UNITS.busyUntil.get(this.slot) ?? null;
  }
  set busyUntil(value: number | null) {
    if (value === null) UNITS.busyUntil.delete(this.slot);
    else UNITS.busyUntil.set(this.slot, value);
  }

  get sshPortOpenUntil(): number | null {
    return UNITS.sshPortOpenUntil.get(this.slot) ?? null;
  }
  set sshPortOpenUntil(value: number | null) {
    if (value === null) UNITS.sshPortOpenUntil.delete(this.slot);
    else UNITS.sshPortOpenUntil.set(this.slot, value);
  }

  /** Timestamps keep whole ms, as a Date does. */
  get lastSeenOnlineAt(): number | null {
    return nullable(UNITS.cols.lastSeenOnlineAt[this.slot] as number);
  }
  set lastSeenOnlineAt(value: number | null) {
    UNITS.cols.lastSeenOnlineAt[this.slot] = value === null ? NaN : Math.floor(value);
  }

  get createdAt(): number {
    return UNITS.cols.createdAt[this.slot] as number;
  }
  set createdAt(value: number) {
    UNITS.cols.createdAt[this.slot] = Math.floor(value);
  }

  get updatedAt(): number {
    return UNITS.cols.updatedAt[this.slot] as number;
  }
  set updatedAt(value: number) {
    UNITS.cols.updatedAt[this.slot] = Math.floor(value);
  }

  get desired(): DesiredStaging | null {
    return UNITS.desired.get(this.slot) ?? null;
  }
  set desired(value: DesiredStaging | null) {
    if (value) UNITS.desired.set(this.slot, value);
    else UNITS.desired.delete(this.slot);
  }

  get flow(): UpdateFlow | null {
    return UNITS.flow.get(this.slot) ?? null;
  }
  set flow(value: UpdateFlow | null) {
    if (value) UNITS.flow.set(this.slot, value);
    else UNITS.flow.delete(this.slot);
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
    const kind = (this.bits & ADDRESS_MASK) >> ADDRESS_SHIFT;
    if (kind === ADDRESS_KIND.none) return null;
    if (kind === ADDRESS_KIND.other) return UNITS.otherAddresses.get(this.slot) ?? null;
    return `::ffff:${ipv4(UNITS.cols.ipA[this.slot] as number)},${ipv4(UNITS.cols.ipB[this.slot] as number)}`;
  }
  set address(value: string | null) {
    UNITS.otherAddresses.delete(this.slot);
    const parts = value === null ? null : ADDRESS.exec(value);
    let kind: number = value === null ? ADDRESS_KIND.none : ADDRESS_KIND.other;
    if (parts) {
      const n = parts.slice(1).map(Number) as [
        number,
        number,
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      if (n.every((octet) => octet <= 255)) {
        const [a, b, c, d, e, f, g, h] = n;
        UNITS.cols.ipA[this.slot] = ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
        UNITS.cols.ipB[this.slot] = ((e << 24) | (f << 16) | (g << 8) | h) >>> 0;
        kind = ADDRESS_KIND.pair;
      }
    }
    if (kind === ADDRESS_KIND.other) UNITS.otherAddresses.set(this.slot, value as string);
    this.bits = (this.bits & ~ADDRESS_MASK) | (kind << ADDRESS_SHIFT);
  }

  private get bits(): number {
    return UNITS.cols.bits[this.slot] as number;
  }
  private set bits(value: number) {
    UNITS.cols.bits[this.slot] = value;
  }

  private flag(bit: number, on: boolean): void {
    this.bits = on ? this.bits | bit : this.bits & ~bit;
  }
}
