/**
 * mulberry32: a small, fast, seeded PRNG returning numbers in [0, 1). The state lives in a
 * typed array so that drawing millions of numbers allocates nothing.
 */
export function seededRandom(seed: number): () => number {
  const s = new Uint32Array([seed >>> 0])
  return () => {
    s[0] = s[0]! + 0x6d2b79f5
    let t = s[0]!
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
