/** A small deterministic random generator (mulberry32) and the draws the demo data needs. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** `items[i]` with probability `weights[i] / Σ weights`. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T;
  chance(p: number): boolean;
  /** Up to `max` distinct items. */
  some<T>(items: readonly T[], min: number, max: number): T[];
}

export function createRandom(seed: number): Random {
  let a = seed >>> 0 || 0x9e3779b9;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return {
    next,
    int,
    pick,
    weighted<T>(items: readonly T[], weights: readonly number[]): T {
      const total = weights.reduce((s, w) => s + w, 0);
      let r = next() * total;
      for (let i = 0; i < items.length; i++) {
        r -= weights[i]!;
        if (r < 0) return items[i]!;
      }
      return items.at(-1)!;
    },
    chance: (p) => next() < p,
    some<T>(items: readonly T[], min: number, max: number): T[] {
      const n = Math.min(items.length, int(min, max));
      const pool = [...items];
      const out: T[] = [];
      for (let i = 0; i < n; i++) out.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!);
      return out;
    },
  };
}
