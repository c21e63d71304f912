import { NULL_DAY } from '../../lib/day-number.js'
import type { ElementType, MemberElement } from './member-element.js'
import { decodeInto, encodeTyped } from '../../lib/typed-array-codec.js'
import { type ChunkArray, type Chunks, NumberChunks, ROW_MASK, TextChunks, WordChunks } from './chunks.js'

/**
 * Columnar storage of the members of one table: one typed array (or string array) per
 * element, so that conditions and sorts over millions of members stay fast. Rows are
 * appended in member-id order and never move; a deleted member keeps its row with
 * `alive = 0`.
 */
export type ColumnKind = 'string' | 'number' | 'choice' | 'bool' | 'date' | 'multi' | 'autogen'

export function columnKindOf(type: ElementType): ColumnKind | null {
  switch (type) {
    case 'integer':
      return 'number'
    case 'select':
    case 'prefecture':
    case 'sex':
    case 'marriage':
      return 'choice'
    case 'yesno':
    case 'checkbox':
      return 'bool'
    case 'date':
      return 'date'
    case 'select_multiple':
      return 'multi'
    case 'autogen':
      return 'autogen'
    case 'timestamp':
      return null
    default:
      return 'string'
  }
}

export type StoredValue = string | number | boolean | number[] | null

interface ColumnJson {
  kind: ColumnKind
  data: unknown
  optionIds?: number[]
}

export abstract class Column {
  abstract readonly kind: ColumnKind
  abstract grow(capacity: number): void
  abstract get(row: number): StoredValue
  abstract set(row: number, v: StoredValue): void
  abstract toJSON(rows: number): ColumnJson
  /** A copy that shares this column's chunks until either writes one (a fork's own column). */
  abstract clone(): Column
}

const blankF64 = (n: number) => new Float64Array(n).fill(NaN)
const blankI32 = (n: number) => new Int32Array(n)
const blankDays = (n: number) => new Int32Array(n).fill(NULL_DAY)
const blankBools = (n: number) => new Int8Array(n).fill(-1)
const blankU8 = (n: number) => new Uint8Array(n)

export class StringColumn extends Column {
  readonly kind = 'string'
  /** Values by row (null: blank; rows past the capacity read as null). */
  values = new TextChunks()
  grow(capacity: number): void {
    this.values.grow(capacity)
  }
  get(row: number): string | null {
    return this.values.get(row)
  }
  set(row: number, v: StoredValue): void {
    this.values.set(row, v === null ? null : String(v))
  }
  toJSON(rows: number): ColumnJson {
    return { kind: this.kind, data: this.values.flat(rows) }
  }
  clone(): StringColumn {
    const c = new StringColumn()
    c.values = this.values.share()
    return c
  }
}

/** Integers and autogen counters; NaN is null. */
export class NumberColumn extends Column {
  constructor(
    readonly kind: 'number' | 'autogen',
    public values = new NumberChunks<Float64Array>(blankF64),
  ) {
    super()
  }
  grow(capacity: number): void {
    this.values.grow(capacity)
  }
  get(row: number): number | null {
    const v = this.values.get(row)
    return Number.isNaN(v) ? null : v
  }
  set(row: number, v: StoredValue): void {
    this.values.set(row, v === null ? NaN : Number(v))
  }
  toJSON(rows: number): ColumnJson {
    return { kind: this.kind, data: encodeTyped(this.values.flat(rows), rows) }
  }
  clone(): NumberColumn {
    return new NumberColumn(this.kind, this.values.share())
  }
}

/** Single choices (option id, 0 = none) and dates (day number, NULL_DAY = null). */
export class IntColumn extends Column {
  constructor(
    readonly kind: 'choice' | 'date',
    public values = new NumberChunks<Int32Array>(kind === 'date' ? blankDays : blankI32),
  ) {
    super()
  }
  private get blank(): number {
    return this.kind === 'date' ? NULL_DAY : 0
  }
  grow(capacity: number): void {
    this.values.grow(capacity)
  }
  get(row: number): number | null {
    const v = this.values.get(row)
    return this.kind === 'date' && v === NULL_DAY ? null : v
  }
  set(row: number, v: StoredValue): void {
    this.values.set(row, v === null ? this.blank : Number(v))
  }
  toJSON(rows: number): ColumnJson {
    return { kind: this.kind, data: encodeTyped(this.values.flat(rows), rows) }
  }
  clone(): IntColumn {
    return new IntColumn(this.kind, this.values.share())
  }
}

/** Booleans: -1 null, 0 false, 1 true. */
export class BoolColumn extends Column {
  readonly kind = 'bool'
  constructor(public values = new NumberChunks<Int8Array>(blankBools)) {
    super()
  }
  grow(capacity: number): void {
    this.values.grow(capacity)
  }
  get(row: number): boolean | null {
    const v = this.values.get(row)
    return v < 0 ? null : v === 1
  }
  set(row: number, v: StoredValue): void {
    this.values.set(row, v === null ? -1 : v ? 1 : 0)
  }
  clone(): BoolColumn {
    return new BoolColumn(this.values.share())
  }
  toJSON(rows: number): ColumnJson {
    return { kind: this.kind, data: encodeTyped(this.values.flat(rows), rows) }
  }
}

/** Multiple choices as a bitset per row (`words` words); bit i = optionIds[i]. */
export class MultiColumn extends Column {
  readonly kind = 'multi'
  readonly words: number
  readonly bitOf: Map<number, number>
  readonly bits: WordChunks
  constructor(
    readonly optionIds: number[],
    bits?: WordChunks,
  ) {
    super()
    this.words = Math.max(1, Math.ceil(optionIds.length / 32))
    this.bits = bits ?? new WordChunks((n) => new Uint32Array(n), this.words)
    this.bitOf = new Map(optionIds.map((id, i) => [id, i]))
  }
  grow(capacity: number): void {
    this.bits.grow(capacity)
  }
  /** Word `w` of row `row`'s bitset. */
  word(row: number, w: number): number {
    return this.bits.read(row)[(row & ROW_MASK) * this.words + w]!
  }
  get(row: number): number[] {
    const out: number[] = []
    const chunk = this.bits.read(row)
    const base = (row & ROW_MASK) * this.words
    for (let i = 0; i < this.optionIds.length; i++) {
      if (chunk[base + (i >>> 5)]! & (1 << (i & 31))) out.push(this.optionIds[i]!)
    }
    return out
  }
  set(row: number, v: StoredValue): void {
    const chunk = this.bits.write(row)
    const base = (row & ROW_MASK) * this.words
    for (let w = 0; w < this.words; w++) chunk[base + w] = 0
    for (const id of (v as number[] | null) ?? []) {
      const i = this.bitOf.get(id)
      if (i !== undefined) chunk[base + (i >>> 5)]! |= 1 << (i & 31)
    }
  }
  /** Build a row-mask (one bitset) of option ids. */
  maskOf(ids: number[]): Uint32Array {
    const m = new Uint32Array(this.words)
    for (const id of ids) {
      const i = this.bitOf.get(id)
      if (i !== undefined) m[i >>> 5]! |= 1 << (i & 31)
    }
    return m
  }
  toJSON(rows: number): ColumnJson {
    return { kind: this.kind, optionIds: this.optionIds, data: encodeTyped(this.bits.flat(rows), rows * this.words) }
  }
  clone(): MultiColumn {
    return new MultiColumn(this.optionIds, this.bits.share())
  }
}

export function optionIdsOf(el: MemberElement): number[] {
  return Object.keys(el.config.options ?? {})
    .map(Number)
    .sort((a, b) => a - b)
}

export function makeColumn(el: MemberElement): Column | null {
  const kind = columnKindOf(el.type)
  switch (kind) {
    case null:
      return null
    case 'string':
      return new StringColumn()
    case 'number':
    case 'autogen':
      return new NumberColumn(kind)
    case 'choice':
    case 'date':
      return new IntColumn(kind)
    case 'bool':
      return new BoolColumn()
    case 'multi':
      return new MultiColumn(optionIdsOf(el))
  }
}

function columnFromJson(j: ColumnJson, capacity: number): Column {
  switch (j.kind) {
    case 'string': {
      const c = new StringColumn()
      c.values = TextChunks.ofTexts(j.data as (string | null)[], capacity)
      return c
    }
    case 'number':
    case 'autogen':
      return new NumberColumn(j.kind, NumberChunks.of(decodeInto(j.data as string, blankF64), blankF64, capacity))
    case 'choice':
    case 'date': {
      const blank = j.kind === 'date' ? blankDays : blankI32
      return new IntColumn(j.kind, NumberChunks.of(decodeInto(j.data as string, blank), blank, capacity))
    }
    case 'bool':
      return new BoolColumn(NumberChunks.of(decodeInto(j.data as string, blankBools), blankBools, capacity))
    case 'multi': {
      const optionIds = j.optionIds ?? []
      const words = Math.max(1, Math.ceil(optionIds.length / 32))
      const bits = decodeInto(j.data as string, (n) => new Uint32Array(n))
      return new MultiColumn(optionIds, WordChunks.ofWords(bits, words, capacity))
    }
  }
}

export interface MemberColumnsJson {
  rows: number
  nextId: number
  id: string
  alive: string
  regist_date: string
  update_date: string
  batch_date: string
  upload_date: string
  last_host: (string | null)[]
  last_referer: (string | null)[]
  last_useragent: (string | null)[]
  columns: Record<string, ColumnJson>
}

export class MemberColumns {
  rows = 0
  /** Number of alive members. */
  count = 0
  nextId = 1
  capacity = 16
  id = new NumberChunks<Int32Array>(blankI32)
  alive = new NumberChunks<Uint8Array>(blankU8)
  regist_date = new NumberChunks<Float64Array>(blankF64)
  update_date = new NumberChunks<Float64Array>(blankF64)
  batch_date = new NumberChunks<Float64Array>(blankF64)
  upload_date = new NumberChunks<Float64Array>(blankF64)
  last_host = new StringColumn()
  last_referer = new StringColumn()
  last_useragent = new StringColumn()
  readonly columns = new Map<number, Column>()
  /** Bumped on every write; caches (sort indexes, unique index) compare it. */
  version = 0

  constructor(elements: MemberElement[]) {
    for (const el of elements) {
      const c = makeColumn(el)
      if (c) this.columns.set(el.id, c)
    }
  }

  /** Make room for at least `n` rows. */
  reserve(n: number): void {
    if (n <= this.capacity) return
    let cap = this.capacity
    while (cap < n) cap *= 2
    for (const c of [this.id, this.alive, this.regist_date, this.update_date, this.batch_date, this.upload_date])
      c.grow(cap)
    this.last_host.grow(cap)
    this.last_referer.grow(cap)
    this.last_useragent.grow(cap)
    for (const c of this.columns.values()) c.grow(cap)
    this.capacity = cap
  }

  /**
   * A copy that shares this one's chunks (both copy a chunk before they write it): a fork's
   * own table in time proportional to the chunks, not the rows. Derived caches rebuild on the
   * copy or patch the source's (unique-index.ts, sorted-index.ts).
   */
  clone(): MemberColumns {
    const m = new MemberColumns([])
    m.rows = this.rows
    m.count = this.count
    m.nextId = this.nextId
    m.capacity = this.capacity
    m.id = this.id.share()
    m.alive = this.alive.share()
    m.regist_date = this.regist_date.share()
    m.update_date = this.update_date.share()
    m.batch_date = this.batch_date.share()
    m.upload_date = this.upload_date.share()
    m.last_host = this.last_host.clone()
    m.last_referer = this.last_referer.clone()
    m.last_useragent = this.last_useragent.clone()
    for (const [id, c] of this.columns) m.columns.set(id, c.clone())
    m.version = this.version
    return m
  }

  /** Chunks this holder owns, over all its columns (tests, benches). */
  ownedChunks(): number {
    let n = 0
    for (const c of [this.id, this.alive, this.regist_date, this.update_date, this.batch_date, this.upload_date])
      n += c.ownedChunks()
    for (const c of [this.last_host, this.last_referer, this.last_useragent, ...this.columns.values()])
      n += (c as { values?: Chunks<ChunkArray>; bits?: Chunks<ChunkArray> }).values?.ownedChunks() ?? 0
    for (const c of this.columns.values()) if (c instanceof MultiColumn) n += c.bits.ownedChunks()
    return n
  }

  /** Append a row for a new member and return it. */
  appendRow(id = this.nextId): number {
    this.reserve(this.rows + 1)
    const row = this.rows++
    this.id.set(row, id)
    this.alive.set(row, 1)
    this.nextId = Math.max(this.nextId, id + 1)
    this.count++
    this.version++
    return row
  }

  /** Row of an alive member id, or -1. */
  rowOf(memberId: number): number {
    let lo = 0,
      hi = this.rows - 1
    const ids = this.id
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1
      const v = ids.get(mid)
      if (v === memberId) return this.alive.get(mid) ? mid : -1
      if (v < memberId) lo = mid + 1
      else hi = mid - 1
    }
    return -1
  }

  removeRow(row: number): void {
    if (!this.alive.get(row)) return
    this.alive.set(row, 0)
    this.count--
    this.version++
  }

  toJSON(): MemberColumnsJson {
    const columns: Record<string, ColumnJson> = {}
    for (const [id, c] of this.columns) columns[String(id)] = c.toJSON(this.rows)
    const rows = this.rows
    return {
      rows,
      nextId: this.nextId,
      id: encodeTyped(this.id.flat(rows), rows),
      alive: encodeTyped(this.alive.flat(rows), rows),
      regist_date: encodeTyped(this.regist_date.flat(rows), rows),
      update_date: encodeTyped(this.update_date.flat(rows), rows),
      batch_date: encodeTyped(this.batch_date.flat(rows), rows),
      upload_date: encodeTyped(this.upload_date.flat(rows), rows),
      last_host: this.last_host.values.flat(rows),
      last_referer: this.last_referer.values.flat(rows),
      last_useragent: this.last_useragent.values.flat(rows),
      columns,
    }
  }

  static fromJSON(j: MemberColumnsJson): MemberColumns {
    const m = new MemberColumns([])
    // every column must have the same capacity
    const cap = Math.max(16, j.rows)
    m.rows = j.rows
    m.nextId = j.nextId
    m.capacity = cap
    m.id = NumberChunks.of(decodeInto(j.id, blankI32), blankI32, cap)
    m.alive = NumberChunks.of(decodeInto(j.alive, blankU8), blankU8, cap)
    m.regist_date = NumberChunks.of(decodeInto(j.regist_date, blankF64), blankF64, cap)
    m.update_date = NumberChunks.of(decodeInto(j.update_date, blankF64), blankF64, cap)
    m.batch_date = NumberChunks.of(decodeInto(j.batch_date, blankF64), blankF64, cap)
    m.upload_date = NumberChunks.of(decodeInto(j.upload_date, blankF64), blankF64, cap)
    m.last_host.values = TextChunks.ofTexts(j.last_host, cap)
    m.last_referer.values = TextChunks.ofTexts(j.last_referer, cap)
    m.last_useragent.values = TextChunks.ofTexts(j.last_useragent, cap)
    for (const [id, c] of Object.entries(j.columns)) m.columns.set(Number(id), columnFromJson(c, cap))
    let count = 0
    for (let r = 0; r < m.rows; r++) count += m.alive.get(r)
    m.count = count
    return m
  }
}
