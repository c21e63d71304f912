/**
 * Seeded pseudo-random source (sfc32). Small, fast, and its whole state is four 32-bit
 * integers, so a tenant's random stream survives snapshot export and import.
 */
export interface RandomSource {
  /** Uniform in [0, 1). */
  next(): number
  /** Uniform integer in [min, max] (inclusive). */
  int(min: number, max: number): number
  /** The internal state, JSON-safe. */
  getState(): [number, number, number, number]
  setState(state: readonly number[]): void
}

export function createRandom(seed: number): RandomSource {
  return new Sfc32(seed)
}

// A class, not a closure per method: every tenant (a thousand idle forks) has one.
class Sfc32 implements RandomSource {
  private a: number
  private b: number
  private c: number
  private d: number

  constructor(seed: number) {
    // Spread the seed over four words (splitmix32), then warm up.
    let s = seed >>> 0
    const split = (): number => {
      s = (s + 0x9e3779b9) >>> 0
      let z = s
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0
      return (z ^ (z >>> 16)) >>> 0
    }
    this.a = split()
    this.b = split()
    this.c = split()
    this.d = split()
    for (let i = 0; i < 12; i++) this.nextU32()
  }

  private nextU32(): number {
    const { a, b, d } = this
    let c = this.c
    const t = (((a + b) >>> 0) + d) >>> 0
    this.d = (d + 1) >>> 0
    this.a = b ^ (b >>> 9)
    this.b = (c + (c << 3)) >>> 0
    c = ((c << 21) | (c >>> 11)) >>> 0
    this.c = (c + t) >>> 0
    return t
  }

  /** Bound: the tick hooks take it detached (`random: tenant.random.next`). */
  readonly next = (): number => this.nextU32() / 4294967296

  int(min: number, max: number): number {
    return min + Math.floor((this.nextU32() / 4294967296) * (max - min + 1))
  }

  getState(): [number, number, number, number] {
    return [this.a, this.b, this.c, this.d]
  }

  setState(state: readonly number[]): void {
    if (state.length !== 4 || !state.every((n) => Number.isInteger(n))) {
      throw new TypeError('random state must be four integers')
    }
    ;[this.a, this.b, this.c, this.d] = state.map((n) => n >>> 0) as [number, number, number, number]
  }
}

/** A random token suffix from the platform's CSPRNG (tokens must not be guessable). */
export function randomHex(bytes: number): string {
  const buf = new Uint8Array(bytes)
  globalThis.crypto.getRandomValues(buf)
  let out = ''
  for (const b of buf) out += b.toString(16).padStart(2, '0')
  return out
}
