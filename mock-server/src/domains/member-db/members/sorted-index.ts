import type { MemberColumns } from '../member-columns.js'
import type { MemberElement, MemberTableState } from '../member-db-state.js'
import { sortAccessor, type SortAccessor } from './sort-keys.js'

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
    cols: MemberColumns,
  ) {
    this.rows = new Int32Array(Math.max(16, cols.count))
    this.build(cols)
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
    const alive = cols.alive
    if (this.acc.kind === 'number') {
      const value = this.acc.value
      let min = Infinity,
        max = -Infinity,
        integral = true
      for (let r = 0; r < cols.rows; r++) {
        if (!alive[r]) continue
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
        for (let r = 0; r < cols.rows; r++) if (alive[r]) counts[slot(value(r)) + 1]!++
        for (let i = 1; i <= buckets; i++) counts[i]! += counts[i - 1]!
        for (let r = 0; r < cols.rows; r++) if (alive[r]) this.rows[counts[slot(value(r))]!++] = r
        this.size = n
        return
      }
    }
    let k = 0
    for (let r = 0; r < cols.rows; r++) if (alive[r]) this.rows[k++] = r
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

export function sortedIndex(table: MemberTableState, el: MemberElement): SortedIndex {
  let byEl = cache.get(table.members)
  if (!byEl) {
    byEl = new Map()
    cache.set(table.members, byEl)
  }
  let idx = byEl.get(el.id)
  if (!idx) {
    idx = new SortedIndex(sortAccessor(table, el), table.members)
    byEl.set(el.id, idx)
  }
  return idx
}

/** Call before a row changes or is deleted (removes it under its old value). */
export function unsortRow(table: MemberTableState, row: number): void {
  for (const idx of cache.get(table.members)?.values() ?? []) idx.remove(row)
}

/** Call after a row was added or changed. */
export function sortRow(table: MemberTableState, row: number): void {
  for (const idx of cache.get(table.members)?.values() ?? []) idx.insert(row)
}
