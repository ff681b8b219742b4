/**
 * The seeded randomness of the demo world and the simulated units. Everything the seed and the simulator
 * make draws from an {@link Rng}; nothing calls Math.random, so the same seed gives the same world.
 */

/** cyrb53: a fast 53-bit string hash, good enough to spread seeds (not for security). */
export function hashString(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** A weighted choice: the value and its relative weight (any positive number). */
export type Weighted<T> = readonly [value: T, weight: number];

/** A weighted choice prepared once for many draws: cumulative weights and a binary search. */
export class WeightedTable<T> {
  private readonly values: T[];
  private readonly cumulative: number[];
  private readonly total: number;

  constructor(entries: readonly Weighted<T>[]) {
    if (entries.length === 0) throw new RangeError('a weighted table needs at least one entry');
    this.values = entries.map(([value]) => value);
    let sum = 0;
    this.cumulative = entries.map(([, weight]) => (sum += weight));
    this.total = sum;
  }

  pick(rng: Rng): T {
    const r = rng.next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.cumulative[mid] as number) > r) hi = mid;
      else lo = mid + 1;
    }
    return this.values[lo] as T;
  }
}

/** mulberry32 with helpers. Each part of the world takes its own stream with {@link Rng.fork}. */
export class Rng {
  private state: number;

  /** @param name the seed text; streams with the same name give the same numbers. */
  constructor(readonly name: string) {
    this.state = hashString(name) >>> 0;
  }

  /** A new stream named after this one and `label`: independent of how much this one was used. */
  fork(label: string | number): Rng {
    return new Rng(`${this.name}/${label}`);
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** One value by weight. */
  weighted<T>(entries: readonly Weighted<T>[]): T {
    let total = 0;
    for (const [, weight] of entries) total += weight;
    let r = this.next() * total;
    for (const [value, weight] of entries) {
      r -= weight;
      if (r < 0) return value;
    }
    const last = entries[entries.length - 1];
    if (last === undefined) throw new RangeError('weighted pick from an empty list');
    return last[0];
  }

  /** `count` distinct elements (fewer when the list is shorter), in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    const n = Math.min(count, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      const a = copy[i] as T;
      copy[i] = copy[j] as T;
      copy[j] = a;
    }
    return copy.slice(0, n);
  }

  /** Normally distributed (Box-Muller). */
  normal(mean = 0, sd = 1): number {
    const u = 1 - this.next();
    const v = this.next();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Hex digits, e.g. for keys and ids. */
  hex(length: number): string {
    let out = '';
    while (out.length < length)
      out += Math.floor(this.next() * 0x10000)
        .toString(16)
        .padStart(4, '0');
    return out.slice(0, length);
  }

  /** A version-4-shaped UUID built from this stream (deterministic, not a real random UUID). */
  uuid(): string {
    const h = this.hex(32);
    const variant = ((parseInt(h.charAt(16), 16) & 0x3) | 0x8).toString(16);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }
}
