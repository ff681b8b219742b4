import type { DesiredStaging } from './desired-state';
import type { UpdateFlow } from './unit-runtime';

/**
 * A simulator's units as columns: one typed array per field, a unit's values at its slot. Typed arrays live
 * outside V8's heap, so the garbage collector neither scans them nor grows the heap for them: with half a million
 * units as objects the live heap was about 220 MB and V8 let RSS grow to three times that (issue 19: at most 600
 * bytes of RSS a unit). Strings of few values (versions, classes, countries ...) are codes into one table; the
 * fields few units have (a desired staging, an update flow, a timer) are maps by slot.
 */
const NUMERIC = {
  serialLength: Uint8Array,
  serialHash: Int32Array,
  shard: Uint8Array,
  /** Family, log level, connected, flapping, DD aligner, address kind (packed-unit.ts). */
  bits: Uint16Array,
  versionSemantic: Uint16Array,
  versionMeta: Uint16Array,
  specsName: Uint16Array,
  systemClass: Uint16Array,
  targetType: Uint16Array,
  countryCode: Uint16Array,
  currentProcedure: Uint16Array,
  idleState: Uint16Array,
  numCameras: Int32Array,
  connectCount: Int32Array,
  port: Int32Array,
  alignmentCount: Int32Array,
  poolSlot: Int32Array,
  /** The two IPv4 addresses of `::ffff:a.b.c.d,e.f.g.h`. */
  ipA: Uint32Array,
  ipB: Uint32Array,
  stagedRevDone: Float64Array,
  lastSeenOnlineAt: Float64Array,
  createdAt: Float64Array,
  updatedAt: Float64Array,
} as const;

type NumericColumns = { -readonly [K in keyof typeof NUMERIC]: InstanceType<(typeof NUMERIC)[K]> };
type Column = NumericColumns[keyof NumericColumns];

/** Serials up to this many Latin-1 characters are kept in the columns; longer ones (none today) as strings. */
export const SERIAL_BYTES = 16;
/** `serialLength` of a serial kept as a string. */
export const LONG_SERIAL = 255;
/** The null of an integer column. */
export const NULL_INT = -(2 ** 31);

/** One string for each distinct value of the units' repeated fields, and its code (0 is null). */
class ValueCodes {
  private readonly values: (string | null)[] = [null];
  private readonly codes = new Map<string, number>();

  code(value: string | null): number {
    if (value === null) return 0;
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.values.length;
      // A code is 16 bits: 65,535 distinct versions, classes and countries are far beyond any fleet's.
      if (code > 0xffff) throw new Error(`more than 65,535 distinct unit field values (at ${JSON.stringify(value)})`);
      this.values.push(value);
      this.codes.set(value, code);
    }
    return code;
  }

  value(code: number): string | null {
    return this.values[code] ?? null;
  }
}

export const valueCodes = new ValueCodes();

/** How many retired slots wait before a sweep looks whether their units are gone. */
const SWEEP_EVERY = 4096;

export class UnitColumns<Owner extends object = object> {
  capacity: number;
  serials: Buffer;
  readonly longSerials = new Map<number, string>();
  readonly desired = new Map<number, DesiredStaging>();
  readonly flow = new Map<number, UpdateFlow>();
  readonly busyUntil = new Map<number, number>();
  readonly sshPortOpenUntil = new Map<number, number>();
  /** Addresses of another form than `::ffff:a.b.c.d,e.f.g.h` (none is made today), as they came. */
  readonly otherAddresses = new Map<number, string>();
  /** The unit at each slot a simulator holds (undefined: free, or retired). */
  readonly owner: (Owner | undefined)[] = [];
  readonly cols: NumericColumns;
  private readonly free: number[] = [];
  /**
   * Slots of units a simulator let go (given away, deleted): whoever still holds such a unit (a command waiting
   * for its reply) reads and writes it as before, so its slot is reused only once the unit is garbage.
   */
  private readonly retired = new Map<number, WeakRef<Owner>>();
  private retiredAtSweep = 0;
  private used = 0;

  constructor(capacity = 1024) {
    this.capacity = capacity;
    this.serials = Buffer.alloc(capacity * SERIAL_BYTES);
    this.cols = Object.fromEntries(Object.entries(NUMERIC).map(([name, Type]) => [name, new Type(capacity)])) as unknown as NumericColumns;
  }

  /** Slots taken (held or retired). */
  get size(): number {
    return this.used - this.free.length;
  }

  alloc(owner: Owner): number {
    if (this.free.length === 0 && this.retired.size >= this.retiredAtSweep + SWEEP_EVERY) this.sweep();
    let slot = this.free.pop();
    if (slot === undefined) {
      if (this.used === this.capacity) this.grow();
      slot = this.used++;
    }
    this.owner[slot] = owner;
    return slot;
  }

  /** A simulator let a unit go: its slot is free once nothing holds the unit any more. */
  retire(slot: number, owner: Owner): void {
    if (this.owner[slot] !== owner) return;
    this.owner[slot] = undefined;
    this.retired.set(slot, new WeakRef(owner));
  }

  /** A unit let go comes back (a renamed unit, a shard taken back): it keeps its slot. */
  adopt(slot: number, owner: Owner): void {
    if (this.retired.get(slot)?.deref() !== owner) return;
    this.retired.delete(slot);
    this.owner[slot] = owner;
  }

  /** Frees the slots of retired units that are garbage now. */
  sweep(): void {
    for (const [slot, ref] of this.retired) {
      if (ref.deref() !== undefined) continue;
      this.retired.delete(slot);
      this.longSerials.delete(slot);
      this.desired.delete(slot);
      this.flow.delete(slot);
      this.busyUntil.delete(slot);
      this.sshPortOpenUntil.delete(slot);
      this.otherAddresses.delete(slot);
      this.free.push(slot);
    }
    this.retiredAtSweep = this.retired.size;
  }

  /** Gives back the room the columns grew beyond their units (after a simulator loaded shards). */
  fit(): void {
    const capacity = Math.max(1024, this.used + (this.used >> 6));
    if (capacity < this.capacity) this.resize(capacity);
  }

  /** A quarter more room each time: at half a million units, doubling would leave up to half of it unused. */
  private grow(): void {
    this.resize(Math.max(1024, Math.ceil(this.capacity * 1.25)));
  }

  private resize(capacity: number): void {
    for (const name of Object.keys(NUMERIC) as (keyof NumericColumns)[]) {
      const old = this.cols[name] as Column;
      const next = new NUMERIC[name](capacity);
      next.set(old.subarray(0, Math.min(capacity, old.length)) as never);
      (this.cols as Record<string, Column>)[name] = next;
    }
    const serials = Buffer.alloc(capacity * SERIAL_BYTES);
    this.serials.copy(serials, 0, 0, Math.min(capacity, this.capacity) * SERIAL_BYTES);
    this.serials = serials;
    this.capacity = capacity;
  }
}
