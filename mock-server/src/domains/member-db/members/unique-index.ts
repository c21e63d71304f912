import type { MemberColumns } from '../member-columns.js'
import type { MemberElement, MemberTableState } from '../member-db-state.js'
import { formatAutogen } from './autogen.js'
import { tablePlan } from './table-plan.js'

/**
 * The unique key (重複キー) of a table is the combination of all its unique elements. The
 * index maps the composite key text to the member row; members with a blank key part are
 * not indexed. Built lazily, kept in a WeakMap beside the columns (derived, not state).
 */
const indexes = new WeakMap<MemberColumns, KeyIndex>()

/** Composite key → row: what the callers read (`get`) and the writes keep up to date. */
export interface KeyIndex {
  get(key: string): number | undefined
  set(key: string, row: number): void
  delete(key: string): void
}

/**
 * The index of a fork's copy of the columns: its own changes over the index of the columns it
 * was copied from, which nobody writes again (see shared-tables.ts). So the copy's first write
 * does not index a million rows again.
 */
class IndexOverlay implements KeyIndex {
  /** Keys set or removed since the copy; -1 = removed. */
  private readonly changed = new Map<string, number>()
  constructor(private readonly base: KeyIndex) {}
  get(key: string): number | undefined {
    const row = this.changed.get(key)
    if (row === undefined) return this.base.get(key)
    return row < 0 ? undefined : row
  }
  set(key: string, row: number): void {
    this.changed.set(key, row)
  }
  delete(key: string): void {
    this.changed.set(key, -1)
  }
}

/**
 * Copies of columns whose index is not made yet: the columns they were copied from (never
 * written again) and the rows the copy has changed since. The copy's index, when first
 * needed, is an overlay over the source's index with those rows patched, so neither the
 * copy nor a later copy of it indexes every row again.
 */
const inherited = new WeakMap<MemberColumns, { source: MemberColumns; changed: Set<number> }>()

/** Give `copy` (a clone of `source`, rows unchanged) an index over the index of `source`, made when first needed. */
export function inheritUniqueIndex(source: MemberColumns, copy: MemberColumns): void {
  const idx = indexes.get(source)
  if (idx) indexes.set(copy, new IndexOverlay(idx))
  else inherited.set(copy, { source, changed: new Set() })
}

/** The key of a row of `cols` (the columns of a table with unique elements `els`). */
function keyOfRow(els: readonly MemberElement[], cols: MemberColumns, row: number): string | null {
  if (els.length === 1) return keyPart(els[0]!, cols.columns.get(els[0]!.id)?.get(row) ?? null)
  return compositeKey(els.map((el) => keyPart(el, cols.columns.get(el.id)?.get(row) ?? null)))
}

/** The index of `cols` (built, or inherited and patched, on first use). */
function indexOf(els: readonly MemberElement[], cols: MemberColumns): KeyIndex {
  const cached = indexes.get(cols)
  if (cached) return cached
  const from = inherited.get(cols)
  let idx: KeyIndex
  if (from !== undefined) {
    const base = indexOf(els, from.source)
    const overlay = new IndexOverlay(base)
    // first every changed row's old key, then the new ones (two rows may have swapped keys)
    for (const r of from.changed) {
      if (r >= from.source.rows || !from.source.alive.get(r)) continue
      const k = keyOfRow(els, from.source, r)
      if (k !== null && base.get(k) === r) overlay.delete(k)
    }
    for (const r of from.changed) {
      if (r >= cols.rows || !cols.alive.get(r)) continue
      const k = keyOfRow(els, cols, r)
      if (k !== null) overlay.set(k, r)
    }
    inherited.delete(cols)
    idx = overlay
  } else {
    const map = new Map<string, number>()
    if (els.length) {
      for (let r = 0; r < cols.rows; r++) {
        if (!cols.alive.get(r)) continue
        const k = keyOfRow(els, cols, r)
        if (k !== null) map.set(k, r)
      }
    }
    idx = map
  }
  indexes.set(cols, idx)
  return idx
}

export function uniqueElements(table: MemberTableState): MemberElement[] {
  return [...tablePlan(table).unique]
}

/** Normalised text of one key part, or null when blank. */
export function keyPart(el: MemberElement, v: unknown): string | null {
  if (v === null || v === undefined || v === '') return null
  if (el.type === 'autogen') return typeof v === 'number' ? formatAutogen(el, v) : String(v)
  if (el.type === 'email') return String(v).toLowerCase()
  if (Array.isArray(v)) return v.length ? v.join(',') : null
  if (el.type === 'select' || el.type === 'prefecture' || el.type === 'sex' || el.type === 'marriage') {
    return v === 0 ? null : String(v)
  }
  return String(v)
}

export function compositeKey(parts: (string | null)[]): string | null {
  if (parts.length === 0 || parts.some((p) => p === null)) return null
  return parts.join('\u0001')
}

export function rowKey(table: MemberTableState, row: number): string | null {
  const plan = tablePlan(table)
  const els = plan.unique
  if (els.length === 1) {
    const el = els[0]!
    return keyPart(el, plan.column.get(el.id)?.get(row) ?? null)
  }
  return compositeKey(els.map((el) => keyPart(el, plan.column.get(el.id)?.get(row) ?? null)))
}

export function uniqueIndex(table: MemberTableState): KeyIndex {
  return indexOf(tablePlan(table).unique, table.members)
}

/** Call before a row changes or is deleted. */
export function unindexRow(table: MemberTableState, row: number): void {
  const idx = indexes.get(table.members)
  if (!idx) {
    inherited.get(table.members)?.changed.add(row)
    return
  }
  const k = rowKey(table, row)
  if (k !== null && idx.get(k) === row) idx.delete(k)
}

/** Call after a row was added or changed. */
export function indexRow(table: MemberTableState, row: number): void {
  const idx = indexes.get(table.members)
  if (!idx) {
    inherited.get(table.members)?.changed.add(row)
    return
  }
  const k = rowKey(table, row)
  if (k !== null) idx.set(k, row)
}

/** Record the key of a newly added row whose key is already known (the add just checked it). */
export function indexNewRow(table: MemberTableState, key: string, row: number): void {
  const idx = indexes.get(table.members)
  if (idx) idx.set(key, row)
  else inherited.get(table.members)?.changed.add(row)
}
