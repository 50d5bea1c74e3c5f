// A small seeded pseudo-random generator (mulberry32) and the draws the demo portfolio and the
// simulator need. Same seed, same sequence, on every platform: nothing here reads the clock or
// Math.random, so generated data can be compared across runs and machines.

export type Random = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** A float in [min, max) rounded to `decimals` places. */
  float(min: number, max: number, decimals: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** One value drawn in proportion to its weight. */
  weighted<T>(choices: readonly (readonly [value: T, weight: number])[]): T;
};

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };

  const int = (min: number, max: number): number => {
    if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) {
      throw new RangeError(`Invalid integer range [${min}, ${max}]`);
    }
    return min + Math.floor(next() * (max - min + 1));
  };

  return {
    next,
    int,
    float: (min, max, decimals) => {
      const factor = 10 ** decimals;
      return Math.round((min + next() * (max - min)) * factor) / factor;
    },
    chance: (p) => next() < p,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new RangeError('Cannot pick from an empty list');
      const item = items[int(0, items.length - 1)];
      if (item === undefined) throw new RangeError('Picked outside the list');
      return item;
    },
    weighted: <T>(choices: readonly (readonly [value: T, weight: number])[]): T => {
      const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
      let threshold = next() * total;
      for (const [value, weight] of choices) {
        threshold -= weight;
        if (threshold < 0) return value;
      }
      const last = choices.at(-1);
      if (last === undefined) throw new RangeError('Cannot draw from an empty list');
      return last[0];
    },
  };
}
