/** A small seeded generator (mulberry32): the same seed gives the same shuffle. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The order replays go out in: as stored (oldest first), reversed, or shuffled (Fisher–Yates,
 * seeded), the whole sequence repeated `repeat` times (the duplicates a merchant must absorb).
 */
export function replaySequence<T>(
  items: readonly T[],
  options: { order: 'original' | 'reversed' | 'shuffled'; repeat: number; seed?: number | undefined },
): T[] {
  let ordered = [...items];
  if (options.order === 'reversed') ordered.reverse();
  if (options.order === 'shuffled') {
    const random = seededRandom(options.seed ?? Date.now());
    ordered = [...ordered];
    for (let i = ordered.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [ordered[i], ordered[j]] = [ordered[j] as T, ordered[i] as T];
    }
  }
  const sequence: T[] = [];
  for (let round = 0; round < options.repeat; round++) sequence.push(...ordered);
  return sequence;
}
