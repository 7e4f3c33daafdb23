/**
 * A seeded random source, so that the built-in generator gives the same tasks for the same
 * request id (tests pin its output) and different, equally good tasks for another request.
 * cyrb53 turns the seed string into a number; mulberry32 is a small, fast 32-bit generator that
 * is plenty for shuffling a few hundred questions.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, max). */
  int(max: number): number;
  /** A new array in random order (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[];
  pick<T>(items: readonly T[]): T;
}

function cyrb53(text: string): number {
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

export function seededRandom(seed: string): Random {
  let state = cyrb53(seed) >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number): number => Math.floor(next() * max);
  return {
    next,
    int,
    shuffle<T>(items: readonly T[]): T[] {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy;
    },
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(items.length)]!;
    },
  };
}

/**
 * Orders items by relevance with a random draw, so that two requests with the same topics get
 * different tasks while the best matches still come first most of the time
 * (Efraimidis–Spirakis weighted sampling: key = u^(1/weight)).
 */
export function weightedOrder<T>(weighted: { item: T; weight: number }[], random: Random): T[] {
  return weighted
    .map(({ item, weight }) => ({ item, key: random.next() ** (1 / Math.max(weight, 1e-6)) }))
    .sort((a, b) => b.key - a.key)
    .map(({ item }) => item);
}
