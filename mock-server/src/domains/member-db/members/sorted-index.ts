import type { MemberColumns } from '../member-columns.js'
import type { MemberElement, MemberTableState } from '../member-db-state.js'
import { columnsSortAccessor, sortAccessor, type SortAccessor } from './sort-keys.js'

/**
 * Alive rows ordered by one element's value (ties by member id). Built once on first use
 * (counting sort for small integer ranges such as dates, comparison sort otherwise) and then
 * maintained on every write by binary-search removal and insertion, so a sorted page never
 * sorts. Derived data: kept beside the columns in a WeakMap, rebuilt after a restore.
 */
export class SortedIndex {
  rows: Int32Array
  size = 0
  constructor(
    readonly acc: SortAccessor,
    /** The columns whose rows this index orders (its only writer). */
    readonly owner: MemberColumns,
    readonly el: MemberElement,
    from?: SortedIndex,
  ) {
    if (from) {
      this.rows = from.rows.slice()
      this.size = from.size
      return
    }
    this.rows = new Int32Array(Math.max(16, owner.count))
    this.build(owner)
  }

  /** Take out rows whose values may differ from the ones they are ordered by (one pass). */
  dropRows(rows: ReadonlySet<number>): void {
    let k = 0
    for (let i = 0; i < this.size; i++) {
      const r = this.rows[i]!
      if (!rows.has(r)) this.rows[k++] = r
    }
    this.size = k
  }

  private cmp(a: number, b: number): number {
    if (this.acc.kind === 'number') {
      const d = this.acc.value(a) - this.acc.value(b)
      if (d < 0) return -1
      if (d > 0) return 1
      return a - b
    }
    const x = this.acc.value(a),
      y = this.acc.value(b)
    if (x !== y) {
      if (x === null) return -1
      if (y === null) return 1
      return x < y ? -1 : 1
    }
    return a - b
  }

  private build(cols: MemberColumns): void {
    const n = cols.count
    const aliveChunks = cols.alive
    const alive = (r: number) => aliveChunks.get(r)
    if (this.acc.kind === 'number') {
      const value = this.acc.value
      let min = Infinity,
        max = -Infinity,
        integral = true
      for (let r = 0; r < cols.rows; r++) {
        if (!alive(r)) continue
        const v = value(r)
        if (v === -Infinity) continue
        if (v < min) min = v
        if (v > max) max = v
        if (integral && !Number.isInteger(v)) integral = false
      }
      const range = max - min + 1
      if (integral && (range <= 4 * n + 1024 || range <= 1 << 22)) {
        // counting sort: stable, so ties stay in row (= id) order
        const buckets = (Number.isFinite(range) ? range : 0) + 1
        const counts = new Int32Array(buckets + 1)
        const slot = (v: number) => (v === -Infinity ? 0 : v - min + 1)
        for (let r = 0; r < cols.rows; r++) if (alive(r)) counts[slot(value(r)) + 1]!++
        for (let i = 1; i <= buckets; i++) counts[i]! += counts[i - 1]!
        for (let r = 0; r < cols.rows; r++) if (alive(r)) this.rows[counts[slot(value(r))]!++] = r
        this.size = n
        return
      }
    }
    let k = 0
    for (let r = 0; r < cols.rows; r++) if (alive(r)) this.rows[k++] = r
    this.size = k
    const sorted = this.rows.subarray(0, k).sort((a, b) => this.cmp(a, b))
    this.rows.set(sorted)
  }

  private position(row: number): number {
    let lo = 0,
      hi = this.size
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (this.cmp(this.rows[mid]!, row) < 0) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  insert(row: number): void {
    if (this.size === this.rows.length) {
      const next = new Int32Array(this.rows.length * 2)
      next.set(this.rows)
      this.rows = next
    }
    const at = this.position(row)
    this.rows.copyWithin(at + 1, at, this.size)
    this.rows[at] = row
    this.size++
  }

  remove(row: number): void {
    const at = this.position(row)
    if (at < this.size && this.rows[at] === row) {
      this.rows.copyWithin(at, at + 1, this.size)
      this.size--
    }
  }
}

const cache = new WeakMap<MemberColumns, Map<number, SortedIndex>>()

/**
 * Copies of columns that read the sorted indexes of the columns they were copied from (never
 * written again), and the rows the copy has changed since: a sorted page of a fork uses its
 * source's index as it is until the fork writes, then a copy of it with those rows re-sorted.
 */
const inherited = new WeakMap<MemberColumns, { source: MemberColumns; changed: Set<number> }>()

/** `copy` (a clone of `source`, rows unchanged) reads the sorted indexes of `source`, copied when it writes. */
export function inheritSortedIndexes(source: MemberColumns, copy: MemberColumns): void {
  inherited.set(copy, { source, changed: new Set() })
}

function indexOf(cols: MemberColumns, el: MemberElement, acc: () => SortAccessor): SortedIndex {
  let byEl = cache.get(cols)
  if (!byEl) {
    byEl = new Map()
    cache.set(cols, byEl)
  }
  let idx = byEl.get(el.id)
  if (idx) return idx
  const from = inherited.get(cols)
  if (from === undefined) idx = new SortedIndex(acc(), cols, el)
  else {
    const base = indexOf(from.source, el, () => columnsSortAccessor(from.source, el))
    if (from.changed.size === 0) idx = base
    else idx = ownCopy(base, cols, from.changed)
  }
  byEl.set(el.id, idx)
  return idx
}

/** A copy of `base` for `cols`, with the rows `changed` since the copy sorted again. */
function ownCopy(base: SortedIndex, cols: MemberColumns, changed: ReadonlySet<number>): SortedIndex {
  const idx = new SortedIndex(columnsSortAccessor(cols, base.el), cols, base.el, base)
  idx.dropRows(changed)
  for (const r of changed) if (r < cols.rows && cols.alive.get(r)) idx.insert(r)
  return idx
}

export function sortedIndex(table: MemberTableState, el: MemberElement): SortedIndex {
  return indexOf(table.members, el, () => sortAccessor(table, el))
}

/** The indexes `table` writes: its own (a shared one is copied first); rows changed before any is made are noted. */
function ownIndexes(table: MemberTableState, row: number): Iterable<SortedIndex> {
  const cols = table.members
  const from = inherited.get(cols)
  if (from !== undefined) from.changed.add(row)
  const byEl = cache.get(cols)
  if (!byEl) return []
  for (const [id, idx] of byEl) {
    if (idx.owner !== cols) byEl.set(id, ownCopy(idx, cols, new Set()))
  }
  return byEl.values()
}

/** Call before a row changes or is deleted (removes it under its old value). */
export function unsortRow(table: MemberTableState, row: number): void {
  for (const idx of ownIndexes(table, row)) idx.remove(row)
}

/** Call after a row was added or changed. */
export function sortRow(table: MemberTableState, row: number): void {
  for (const idx of ownIndexes(table, row)) idx.insert(row)
}
