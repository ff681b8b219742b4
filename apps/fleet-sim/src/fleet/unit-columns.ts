import type { DesiredStaging } from './desired-state';
import type { UpdateFlow } from './unit-runtime';

/**
 * A simulator's units as columns: one typed array per field, a unit's values at its slot. Typed arrays live
 * outside V8's heap, so the garbage collector neither scans them nor grows the heap for them: with half a million
 * units as objects the live heap was about 220 MB and V8 let RSS grow to three times that (the budget is at most 600
 * bytes of RSS a unit, docs/performance.md). Strings of few values (versions, classes, countries ...) are codes into one table; the
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

/**
 * The most units columns hold. Each column is a resizable ArrayBuffer that reserves room for this many and
 * grows in place: columns that were copied into bigger ones as a simulator loaded its shards left the old
 * ones (40 MB at half a million units) for V8 to free at some later full collection.
 */
const MAX_SLOTS = 2 ** 24;
/** Slots added at a time. */
const GROWTH = 2 ** 15;

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
      if (code > 0xffff)
        throw new Error(`more than 65,535 distinct unit field values (at ${JSON.stringify(value)})`);
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

const latin1 = Buffer.prototype.latin1Slice;

/** An ES2024 resizable ArrayBuffer (Node 20 has them; this project's TypeScript lib does not know them yet). */
interface ResizableArrayBuffer extends ArrayBuffer {
  resize(byteLength: number): void;
}
const ResizableArrayBuffer = ArrayBuffer as unknown as new (
  byteLength: number,
  options: { maxByteLength: number },
) => ResizableArrayBuffer;

/** A typed array over a resizable buffer of `slots` times `perSlot` elements, growing with its buffer. */
function column<T extends Column>(
  Type: { new (buffer: ArrayBufferLike): T; BYTES_PER_ELEMENT: number },
  slots: number,
  perSlot = 1,
): T {
  const buffer = new ResizableArrayBuffer(slots * perSlot * Type.BYTES_PER_ELEMENT, {
    maxByteLength: MAX_SLOTS * perSlot * Type.BYTES_PER_ELEMENT,
  });
  return new Type(buffer);
}

export class UnitColumns<Owner extends object = object> {
  capacity: number;
  /** Each unit's serial, SERIAL_BYTES Latin-1 characters at `slot * SERIAL_BYTES`. */
  readonly serials: Uint8Array;
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

  constructor(capacity = GROWTH) {
    this.capacity = capacity;
    this.serials = column(Uint8Array, capacity, SERIAL_BYTES);
    this.cols = Object.fromEntries(
      Object.entries(NUMERIC).map(([name, Type]) => [name, column(Type as never, capacity)]),
    ) as unknown as NumericColumns;
  }

  /** The serial of `length` characters at a slot. */
  serialAt(slot: number, length: number): string {
    const start = slot * SERIAL_BYTES;
    return latin1.call(this.serials, start, start + length);
  }

  /** Bytes of the columns (process.memoryUsage() does not count resizable buffers). */
  get bytes(): number {
    return Object.values(this.cols).reduce(
      (sum: number, col: Column) => sum + col.byteLength,
      this.serials.byteLength,
    );
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

  private grow(): void {
    const capacity = Math.min(MAX_SLOTS, this.capacity + GROWTH);
    if (capacity === this.capacity) throw new Error(`more than ${MAX_SLOTS} units in one process`);
    for (const name of Object.keys(NUMERIC) as (keyof NumericColumns)[]) {
      const col = this.cols[name] as Column;
      (col.buffer as ResizableArrayBuffer).resize(capacity * col.BYTES_PER_ELEMENT);
    }
    (this.serials.buffer as ResizableArrayBuffer).resize(capacity * SERIAL_BYTES);
    this.capacity = capacity;
  }
}
