/**
 * Seeded pseudo-random numbers for the people build: every run with the same seed gives the same
 * sequence, so resources/people.json is byte-identical from run to run (no Math.random, no clock).
 */

/** mulberry32: small, fast, good enough for demo data. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by weight: `[[value, weight], ...]`. */
  weighted<T>(table: readonly (readonly [T, number])[]): T {
    const total = table.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [value, w] of table) {
      r -= w;
      if (r < 0) return value;
    }
    const last = table[table.length - 1];
    if (last === undefined) throw new Error('weighted pick from an empty table');
    return last[0];
  }

  /** A new shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const a = out[i] as T;
      out[i] = out[j] as T;
      out[j] = a;
    }
    return out;
  }

  /** `count` distinct items (or all of them when there are fewer). */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, count);
  }
}

/**
 * Samples items by fixed weights in O(log n) per pick (cumulative table + binary search), for
 * the 33k zip codes weighted by population.
 */
export class WeightedSampler<T> {
  private readonly items: readonly T[];
  private readonly cumulative: number[];

  constructor(items: readonly T[], weight: (item: T) => number) {
    this.items = items;
    let total = 0;
    this.cumulative = items.map((item) => (total += Math.max(0, weight(item))));
    if (items.length === 0 || total <= 0) throw new Error('weighted sampler needs a positive total weight');
  }

  get size(): number {
    return this.items.length;
  }

  pick(rng: Rng): T {
    const total = this.cumulative[this.cumulative.length - 1] ?? 0;
    const r = rng.next() * total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.cumulative[mid] ?? 0) > r) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo] as T;
  }
}
