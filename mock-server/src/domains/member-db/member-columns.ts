import { NULL_DAY } from '../../lib/day-number.js'
import type { ElementType, MemberElement } from './member-element.js'
import { decodeInto, encodeTyped } from '../../lib/typed-array-codec.js'

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
  /** An independent copy (a fork's own column). */
  abstract clone(): Column
}

export class StringColumn extends Column {
  readonly kind = 'string'
  /**
   * Values by row. The array may be shorter than the rows (rows past its end are null) but is
   * never sparse: writes pad it with nulls first, because sparse arrays are slow.
   */
  values: (string | null)[] = []
  grow(): void {}
  get(row: number): string | null {
    return this.values[row] ?? null
  }
  set(row: number, v: StoredValue): void {
    this.padTo(row)
    this.values[row] = v === null ? null : String(v)
  }
  /** Make the array at least `row` long (so that writing `row` appends or overwrites). */
  padTo(row: number): void {
    const a = this.values
    while (a.length < row) a.push(null)
  }
  toJSON(rows: number): ColumnJson {
    return { kind: this.kind, data: this.values.slice(0, rows) }
  }
  clone(): StringColumn {
    const c = new StringColumn()
    c.values = this.values.slice()
    return c
  }
}

/** Integers and autogen counters; NaN is null. */
export class NumberColumn extends Column {
  constructor(
    readonly kind: 'number' | 'autogen',
    public values = new Float64Array(16).fill(NaN),
  ) {
    super()
  }
  grow(capacity: number): void {
    const next = new Float64Array(capacity).fill(NaN)
    next.set(this.values)
    this.values = next
  }
  get(row: number): number | null {
    const v = this.values[row]!
    return Number.isNaN(v) ? null : v
  }
  set(row: number, v: StoredValue): void {
    this.values[row] = v === null ? NaN : Number(v)
  }
  toJSON(rows: number): ColumnJson {
    return { kind: this.kind, data: encodeTyped(this.values, rows) }
  }
  clone(): NumberColumn {
    return new NumberColumn(this.kind, this.values.slice())
  }
}

/** Single choices (option id, 0 = none) and dates (day number, NULL_DAY = null). */
export class IntColumn extends Column {
  constructor(
    readonly kind: 'choice' | 'date',
    public values = new Int32Array(16),
  ) {
    super()
    if (kind === 'date' && values.length === 16) values.fill(NULL_DAY)
  }
  private get blank(): number {
    return this.kind === 'date' ? NULL_DAY : 0
  }
  grow(capacity: number): void {
    const next = new Int32Array(capacity).fill(this.blank)
    next.set(this.values)
    this.values = next
  }
  get(row: number): number | null {
    const v = this.values[row]!
    return this.kind === 'date' && v === NULL_DAY ? null : v
  }
  set(row: number, v: StoredValue): void {
    this.values[row] = v === null ? this.blank : Number(v)
  }
  toJSON(rows: number): ColumnJson {
    return { kind: this.kind, data: encodeTyped(this.values, rows) }
  }
  clone(): IntColumn {
    // assigned after construction: the constructor blanks a fresh 16-row date column
    const c = new IntColumn(this.kind)
    c.values = this.values.slice()
    return c
  }
}

/** Booleans: -1 null, 0 false, 1 true. */
export class BoolColumn extends Column {
  readonly kind = 'bool'
  constructor(public values = new Int8Array(16).fill(-1)) {
    super()
  }
  grow(capacity: number): void {
    const next = new Int8Array(capacity).fill(-1)
    next.set(this.values)
    this.values = next
  }
  get(row: number): boolean | null {
    const v = this.values[row]!
    return v < 0 ? null : v === 1
  }
  set(row: number, v: StoredValue): void {
    this.values[row] = v === null ? -1 : v ? 1 : 0
  }
  clone(): BoolColumn {
    return new BoolColumn(this.values.slice())
  }
  toJSON(rows: number): ColumnJson {
    return { kind: this.kind, data: encodeTyped(this.values, rows) }
  }
}

/** Multiple choices as a bitset per row; bit i = optionIds[i]. */
export class MultiColumn extends Column {
  readonly kind = 'multi'
  readonly words: number
  readonly bitOf: Map<number, number>
  constructor(
    readonly optionIds: number[],
    public values?: Uint32Array,
  ) {
    super()
    this.words = Math.max(1, Math.ceil(optionIds.length / 32))
    this.values = values ?? new Uint32Array(16 * this.words)
    this.bitOf = new Map(optionIds.map((id, i) => [id, i]))
  }
  get bits(): Uint32Array {
    return this.values!
  }
  grow(capacity: number): void {
    const next = new Uint32Array(capacity * this.words)
    next.set(this.bits)
    this.values = next
  }
  get(row: number): number[] {
    const out: number[] = []
    const base = row * this.words
    for (let i = 0; i < this.optionIds.length; i++) {
      if (this.bits[base + (i >>> 5)]! & (1 << (i & 31))) out.push(this.optionIds[i]!)
    }
    return out
  }
  set(row: number, v: StoredValue): void {
    const base = row * this.words
    for (let w = 0; w < this.words; w++) this.bits[base + w] = 0
    for (const id of (v as number[] | null) ?? []) {
      const i = this.bitOf.get(id)
      if (i !== undefined) this.bits[base + (i >>> 5)]! |= 1 << (i & 31)
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
    return { kind: this.kind, optionIds: this.optionIds, data: encodeTyped(this.bits, rows * this.words) }
  }
  clone(): MultiColumn {
    return new MultiColumn(this.optionIds, this.bits.slice())
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

function columnFromJson(j: ColumnJson): Column {
  switch (j.kind) {
    case 'string': {
      const c = new StringColumn()
      c.values = j.data as (string | null)[]
      return c
    }
    case 'number':
    case 'autogen':
      return new NumberColumn(
        j.kind,
        decodeInto(j.data as string, (n) => new Float64Array(n).fill(NaN)),
      )
    case 'choice':
    case 'date':
      return new IntColumn(
        j.kind,
        decodeInto(j.data as string, (n) => new Int32Array(n).fill(j.kind === 'date' ? NULL_DAY : 0)),
      )
    case 'bool':
      return new BoolColumn(decodeInto(j.data as string, (n) => new Int8Array(n).fill(-1)))
    case 'multi':
      return new MultiColumn(
        j.optionIds ?? [],
        decodeInto(j.data as string, (n) => new Uint32Array(n)),
      )
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
  id: Int32Array = new Int32Array(16)
  alive: Uint8Array = new Uint8Array(16)
  regist_date: Float64Array = new Float64Array(16).fill(NaN)
  update_date: Float64Array = new Float64Array(16).fill(NaN)
  batch_date: Float64Array = new Float64Array(16).fill(NaN)
  upload_date: Float64Array = new Float64Array(16).fill(NaN)
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
    const growF = (a: Float64Array) => {
      const b = new Float64Array(cap).fill(NaN)
      b.set(a)
      return b
    }
    const id = new Int32Array(cap)
    id.set(this.id)
    this.id = id
    const alive = new Uint8Array(cap)
    alive.set(this.alive)
    this.alive = alive
    this.regist_date = growF(this.regist_date)
    this.update_date = growF(this.update_date)
    this.batch_date = growF(this.batch_date)
    this.upload_date = growF(this.upload_date)
    for (const c of this.columns.values()) c.grow(cap)
    this.capacity = cap
  }

  /** An independent copy (a fork's own table); derived caches rebuild on the copy. */
  clone(): MemberColumns {
    const m = new MemberColumns([])
    m.rows = this.rows
    m.count = this.count
    m.nextId = this.nextId
    m.capacity = this.capacity
    m.id = this.id.slice()
    m.alive = this.alive.slice()
    m.regist_date = this.regist_date.slice()
    m.update_date = this.update_date.slice()
    m.batch_date = this.batch_date.slice()
    m.upload_date = this.upload_date.slice()
    m.last_host = this.last_host.clone()
    m.last_referer = this.last_referer.clone()
    m.last_useragent = this.last_useragent.clone()
    for (const [id, c] of this.columns) m.columns.set(id, c.clone())
    m.version = this.version
    return m
  }

  /** Append a row for a new member and return it. */
  appendRow(id = this.nextId): number {
    this.reserve(this.rows + 1)
    const row = this.rows++
    this.id[row] = id
    this.alive[row] = 1
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
      const v = ids[mid]!
      if (v === memberId) return this.alive[mid] ? mid : -1
      if (v < memberId) lo = mid + 1
      else hi = mid - 1
    }
    return -1
  }

  removeRow(row: number): void {
    if (!this.alive[row]) return
    this.alive[row] = 0
    this.count--
    this.version++
  }

  toJSON(): MemberColumnsJson {
    const columns: Record<string, ColumnJson> = {}
    for (const [id, c] of this.columns) columns[String(id)] = c.toJSON(this.rows)
    return {
      rows: this.rows,
      nextId: this.nextId,
      id: encodeTyped(this.id, this.rows),
      alive: encodeTyped(this.alive, this.rows),
      regist_date: encodeTyped(this.regist_date, this.rows),
      update_date: encodeTyped(this.update_date, this.rows),
      batch_date: encodeTyped(this.batch_date, this.rows),
      upload_date: encodeTyped(this.upload_date, this.rows),
      last_host: this.last_host.values.slice(0, this.rows),
      last_referer: this.last_referer.values.slice(0, this.rows),
      last_useragent: this.last_useragent.values.slice(0, this.rows),
      columns,
    }
  }

  static fromJSON(j: MemberColumnsJson): MemberColumns {
    const m = new MemberColumns([])
    const f = (n: number) => new Float64Array(n).fill(NaN)
    m.rows = j.rows
    m.nextId = j.nextId
    m.id = decodeInto(j.id, (n) => new Int32Array(n))
    m.alive = decodeInto(j.alive, (n) => new Uint8Array(n))
    m.regist_date = decodeInto(j.regist_date, f)
    m.update_date = decodeInto(j.update_date, f)
    m.batch_date = decodeInto(j.batch_date, f)
    m.upload_date = decodeInto(j.upload_date, f)
    m.last_host.values = j.last_host
    m.last_referer.values = j.last_referer
    m.last_useragent.values = j.last_useragent
    for (const [id, c] of Object.entries(j.columns)) m.columns.set(Number(id), columnFromJson(c))
    // every typed column must have the same capacity
    m.capacity = Math.max(16, m.rows)
    const cap = m.capacity
    const fix = (a: Float64Array) => {
      if (a.length >= cap) return a
      const b = f(cap)
      b.set(a)
      return b
    }
    if (m.id.length < cap) {
      const b = new Int32Array(cap)
      b.set(m.id)
      m.id = b
    }
    if (m.alive.length < cap) {
      const b = new Uint8Array(cap)
      b.set(m.alive)
      m.alive = b
    }
    m.regist_date = fix(m.regist_date)
    m.update_date = fix(m.update_date)
    m.batch_date = fix(m.batch_date)
    m.upload_date = fix(m.upload_date)
    for (const c of m.columns.values()) c.grow(cap)
    let count = 0
    for (let r = 0; r < m.rows; r++) count += m.alive[r]!
    m.count = count
    return m
  }
}
