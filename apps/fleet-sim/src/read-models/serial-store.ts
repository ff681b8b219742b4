/**
 * The serials of the index's slots as UTF-8 bytes in one buffer, each behind a one-byte length (longer serials take
 * more length bytes), and compared as bytes: the store's C collation orders text the same way. A million serials
 * as JS strings held about 40 MB of the API's heap, and their array 9 MB more; here they take about 18 bytes a
 * unit, outside the heap, and the collector has nothing to trace.
 */
export class SerialStore {
  private bytes = Buffer.alloc(0);
  private used = 0;
  /** Bytes of serials that left or moved (compacted away once they are a quarter of the buffer). */
  private dead = 0;
  /** Where a slot's length bytes begin; 0 means none (byte 0 of the buffer is never used). */
  private start = new Uint32Array(0);
  private scratch = Buffer.alloc(64);
  /** The end of the serial {@link from} last located. */
  private end = 0;

  /** Bytes the buffer holds (serials, their lengths and room to add). */
  get byteLength(): number {
    return this.bytes.length;
  }

  /** Room for `slots` slots and about `bytesPerSlot` bytes each. */
  grow(slots: number, bytesPerSlot = 16): void {
    if (slots > this.start.length) {
      const start = new Uint32Array(slots);
      start.set(this.start);
      this.start = start;
    }
    this.reserveBytes(slots * bytesPerSlot);
  }

  set(slot: number, serial: string): void {
    this.clear(slot);
    const n = Buffer.byteLength(serial, 'utf8');
    const head = lengthBytes(n);
    if (this.used === 0) this.used = 1;
    if (this.used + head + n > this.bytes.length) this.makeRoom(head + n);
    let at = this.used;
    this.start[slot] = at;
    for (let rest = n; ; rest = Math.floor(rest / 128)) {
      this.bytes[at++] = rest > 127 ? (rest % 128) + 128 : rest;
      if (rest <= 127) break;
    }
    this.bytes.write(serial, at, n, 'utf8');
    this.used = at + n;
  }

  clear(slot: number): void {
    const at = this.start[slot] as number;
    if (at === 0) return;
    this.dead += this.from(slot) + this.end - at;
    this.start[slot] = 0;
  }

  /** Whether the slot holds a serial (not cleared). */
  has(slot: number): boolean {
    return (this.start[slot] as number) !== 0;
  }

  get(slot: number): string {
    return this.bytes.toString('utf8', this.from(slot), this.end);
  }

  /** Byte order of two slots' serials. */
  compare(a: number, b: number): number {
    const fa = this.from(a);
    const ta = this.end;
    const fb = this.from(b);
    return compareBytes(this.bytes, fa, ta, this.bytes, fb, this.end);
  }

  /**
   * Byte order of a slot's serial against the bytes last given to {@link encode}; with `prefix`, a serial that starts
   * with those bytes compares equal.
   */
  compareToEncoded(slot: number, length: number, prefix = false): number {
    const from = this.from(slot);
    return compareBytes(
      this.bytes,
      from,
      prefix ? Math.min(this.end, from + length) : this.end,
      this.scratch,
      0,
      length,
    );
  }

  /** A hash of a slot's serial (FNV-1a of its bytes). */
  hash(slot: number): number {
    const from = this.from(slot);
    return fnv1a(this.bytes, from, this.end);
  }

  /** The {@link hash} of the `length` bytes last given to {@link encode}. */
  hashEncoded(length: number): number {
    return fnv1a(this.scratch, 0, length);
  }

  /** Puts a serial's bytes where {@link compareToEncoded} reads them, and answers their length. */
  encode(serial: string): number {
    const n = Buffer.byteLength(serial, 'utf8');
    if (n > this.scratch.length) this.scratch = Buffer.alloc(n * 2);
    return this.scratch.write(serial, 0, n, 'utf8');
  }

  /** Where a slot's serial begins in the buffer, its end left in `end` (no pair allocated on the compare path). */
  private from(slot: number): number {
    let at = this.start[slot] as number;
    let n = 0;
    for (let scale = 1; ; scale *= 128) {
      const b = this.bytes[at++] as number;
      n += (b & 127) * scale;
      if (b < 128) break;
    }
    this.end = at + n;
    return at;
  }

  private makeRoom(need: number): void {
    if (this.dead > this.used / 4 && this.used - this.dead + need <= this.bytes.length) this.compact();
    else this.reserveBytes(Math.max(this.used + need, this.bytes.length * 2));
    if (this.used + need > this.bytes.length) this.reserveBytes(this.used + need);
  }

  private reserveBytes(size: number): void {
    if (size <= this.bytes.length) return;
    // allocUnsafeSlow: a buffer of its own, never a slice of Node's shared pool.
    const bytes = Buffer.allocUnsafeSlow(size);
    this.bytes.copy(bytes, 0, 0, this.used);
    this.bytes = bytes;
  }

  /** Copies the live serials to the front, in slot order. */
  private compact(): void {
    const bytes = Buffer.allocUnsafeSlow(this.bytes.length);
    let at = 1;
    for (let slot = 0; slot < this.start.length; slot++) {
      const from = this.start[slot] as number;
      if (from === 0) continue;
      this.from(slot);
      this.bytes.copy(bytes, at, from, this.end);
      this.start[slot] = at;
      at += this.end - from;
    }
    this.bytes = bytes;
    this.used = at;
    this.dead = 0;
  }
}

function lengthBytes(n: number): number {
  let head = 1;
  for (let rest = n; rest > 127; rest = Math.floor(rest / 128)) head += 1;
  return head;
}

function compareBytes(a: Uint8Array, fa: number, ta: number, b: Uint8Array, fb: number, tb: number): number {
  const n = Math.min(ta - fa, tb - fb);
  for (let i = 0; i < n; i++) {
    const d = (a[fa + i] as number) - (b[fb + i] as number);
    if (d !== 0) return d;
  }
  return ta - fa - (tb - fb);
}

function fnv1a(bytes: Uint8Array, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) h = Math.imul(h ^ (bytes[i] as number), 0x01000193);
  return h >>> 0;
}
