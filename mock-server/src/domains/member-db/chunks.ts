/**
 * Column storage in fixed-size chunks that copies of a table share until they write: a copy
 * (`share`) takes the list of chunks, not the chunks, and a holder copies one chunk the first
 * time it writes a row of it (`write`). So a fork of a table of a million members costs a
 * list of about 250 references per column, and its first write one chunk per column written
 * (32 KB for a column of doubles), whatever the table's size.
 *
 * A column of fewer than `CHUNK_ROWS` rows is one chunk that grows by doubling (a table of a
 * few members stays a few members big); past that, every chunk holds exactly `CHUNK_ROWS`
 * rows, so a row's chunk is `row >>> CHUNK_BITS`.
 */
export const CHUNK_BITS = 12
export const CHUNK_ROWS = 1 << CHUNK_BITS
export const ROW_MASK = CHUNK_ROWS - 1

/** What a chunk is: a typed array or a plain array (text columns). */
export interface ChunkArray {
  readonly length: number
  slice(start?: number, end?: number): ChunkArray
}

type Blank<A> = (length: number) => A

/** Writes to any chunk of any table (every write goes through `Chunks.write`). */
let chunkWrites = 0

/**
 * A count that changes whenever a value in any column of any table may have changed: what was
 * read from columns while it stays the same is still what they hold (member-answer-cache.ts).
 */
export function columnWrites(): number {
  return chunkWrites
}

/**
 * Chunks of `stride` values per row. `owned[k]` says whether this holder made chunk `k`
 * itself (and may write it); a shared chunk is copied before its first write.
 */
export class Chunks<A extends ChunkArray> {
  chunks: A[]
  owned: boolean[]

  constructor(
    /** A chunk of `length` values, each blank. */
    readonly blank: Blank<A>,
    readonly stride = 1,
    rows = 16,
  ) {
    this.chunks = [blank(rows * stride)]
    this.owned = [true]
  }

  /** Rows that fit without growing. */
  get capacity(): number {
    const n = this.chunks.length
    return n === 1 ? this.chunks[0]!.length / this.stride : n * CHUNK_ROWS
  }

  /** The chunk that holds `row` (read only: it may be shared). */
  read(row: number): A {
    return this.chunks[row >>> CHUNK_BITS]!
  }

  /** The chunk that holds `row`, this holder's own (copied first when shared). */
  write(row: number): A {
    // kept a small integer (30 bits, wrapping): past that V8 would box the count on every write
    chunkWrites = (chunkWrites + 1) & 0x3fffffff
    const k = row >>> CHUNK_BITS
    if (this.owned[k]) return this.chunks[k]!
    const own = this.chunks[k]!.slice() as A
    this.chunks[k] = own
    this.owned[k] = true
    return own
  }

  /** Make room for at least `rows` rows. */
  grow(rows: number): void {
    if (rows <= this.capacity) return
    if (this.chunks.length === 1) {
      let cap = this.capacity
      while (cap < rows && cap < CHUNK_ROWS) cap *= 2
      cap = Math.min(cap, CHUNK_ROWS)
      if (cap > this.capacity) {
        const next = this.blank(cap * this.stride)
        copyInto(next, this.chunks[0]!)
        this.chunks[0] = next
        this.owned[0] = true
      }
    }
    while (this.capacity < rows) {
      this.chunks.push(this.blank(CHUNK_ROWS * this.stride))
      this.owned.push(true)
    }
  }

  /**
   * A copy that shares every chunk with this one. Neither writes a shared chunk again: both
   * copy it first (so the source may keep being written too).
   */
  share(): this {
    const copy = Object.create(Object.getPrototypeOf(this) as object) as this
    Object.assign(copy, this)
    copy.chunks = this.chunks.slice()
    copy.owned = this.chunks.map(() => false)
    this.owned.fill(false)
    return copy
  }

  /** How many chunks this holder owns (tests, benches). */
  ownedChunks(): number {
    let n = 0
    for (const o of this.owned) if (o) n++
    return n
  }
}

function copyInto(to: ChunkArray, from: ChunkArray): void {
  if (ArrayBuffer.isView(to)) (to as unknown as Float64Array).set(from as unknown as Float64Array)
  else for (let i = 0; i < from.length; i++) (to as unknown as unknown[])[i] = (from as unknown as unknown[])[i]
}

export type TypedChunk = Float64Array | Int32Array | Int8Array | Uint8Array | Uint32Array

/** One number per row. */
export class NumberChunks<A extends TypedChunk = TypedChunk> extends Chunks<A> {
  get(row: number): number {
    return this.chunks[row >>> CHUNK_BITS]![row & ROW_MASK]!
  }
  set(row: number, v: number): void {
    this.write(row)[row & ROW_MASK] = v
  }

  /** The first `rows` values in one array (snapshot export). */
  flat(rows: number): A {
    const first = this.chunks[0]!
    const out = new (first.constructor as new (n: number) => A)(rows)
    for (let k = 0, at = 0; at < rows; k++, at += CHUNK_ROWS) {
      const c = this.chunks[k]!
      const n = Math.min(c.length, rows - at)
      out.set(n === c.length ? (c as never) : (c.subarray(0, n) as never), at)
    }
    return out
  }

  /** Chunks holding `values` (at least `capacity` rows); full chunks view its buffer. */
  static of<A extends TypedChunk>(values: A, blank: Blank<A>, capacity: number): NumberChunks<A> {
    const out = new NumberChunks(blank, 1, 1)
    if (capacity <= CHUNK_ROWS) {
      const c = values.length >= capacity ? values : blank(capacity)
      if (c !== values) c.set(values as never)
      out.chunks = [c]
      out.owned = [true]
      return out
    }
    out.chunks = []
    out.owned = []
    for (let at = 0; at < capacity; at += CHUNK_ROWS) {
      let c: A
      if (at + CHUNK_ROWS <= values.length) c = values.subarray(at, at + CHUNK_ROWS) as A
      else {
        c = blank(CHUNK_ROWS)
        if (at < values.length) c.set(values.subarray(at) as never)
      }
      out.chunks.push(c)
      out.owned.push(true)
    }
    return out
  }
}

/** Several words per row (multiple-choice bitsets). */
export class WordChunks extends Chunks<Uint32Array> {
  /** The first `rows` rows in one array (snapshot export). */
  flat(rows: number): Uint32Array {
    const out = new Uint32Array(rows * this.stride)
    for (let k = 0, at = 0; at < rows; k++, at += CHUNK_ROWS) {
      const c = this.chunks[k]!
      const n = Math.min(c.length / this.stride, rows - at)
      out.set(c.subarray(0, n * this.stride), at * this.stride)
    }
    return out
  }

  static ofWords(values: Uint32Array, stride: number, capacity: number): WordChunks {
    const blank = (n: number) => new Uint32Array(n)
    const out = new WordChunks(blank, stride, 1)
    out.chunks = []
    out.owned = []
    const per = Math.min(capacity, CHUNK_ROWS) * stride
    for (let at = 0; at < capacity * stride; at += per) {
      const c = blank(per)
      if (at < values.length) c.set(values.subarray(at, Math.min(at + per, values.length)))
      out.chunks.push(c)
      out.owned.push(true)
    }
    return out
  }
}

/** One text (or null) per row. */
export class TextChunks extends Chunks<(string | null)[]> {
  constructor(rows = 16) {
    super(blankTexts, 1, rows)
  }
  get(row: number): string | null {
    return this.chunks[row >>> CHUNK_BITS]?.[row & ROW_MASK] ?? null
  }
  set(row: number, v: string | null): void {
    this.grow(row + 1)
    this.write(row)[row & ROW_MASK] = v
  }
  /** The first `rows` values in one array (snapshot export). */
  flat(rows: number): (string | null)[] {
    const parts: (string | null)[][] = []
    let at = 0
    for (const c of this.chunks) {
      if (at >= rows) break
      const n = Math.min(c.length, rows - at)
      parts.push(n === c.length ? c : c.slice(0, n))
      at += n
    }
    const out = ([] as (string | null)[]).concat(...parts)
    while (out.length < rows) out.push(null)
    return out
  }
  static ofTexts(values: (string | null)[], capacity: number): TextChunks {
    const out = new TextChunks(Math.min(Math.max(capacity, 16), CHUNK_ROWS))
    out.grow(capacity)
    for (let r = 0; r < values.length; r++) if (values[r] != null) out.set(r, values[r]!)
    return out
  }
}

function blankTexts(length: number): (string | null)[] {
  const a: (string | null)[] = []
  for (let i = 0; i < length; i++) a.push(null)
  return a
}
