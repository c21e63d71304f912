import { KrsError } from '../../../kernel/krs-error.js'
import { msg } from '../../../kernel/messages.js'
import { NULL_DAY, jstDay } from '../../../lib/day-number.js'
import { BoolColumn, IntColumn, MultiColumn, NumberColumn, StringColumn } from '../member-columns.js'
import type { ConditionInfo, MemberDbState, MemberElement, MemberTableState } from '../member-db-state.js'
import { formatAutogen } from '../members/autogen.js'
import { K, kindNotAllowed, type ClauseInput, type RowPredicate } from './clause-context.js'
import { compileDateClause } from './date-clause.js'
import { compileMultiClause } from './multi-clause.js'
import { compileBoolClause, compileChoiceClause, compileNumberClause } from './number-clause.js'
import { compileStringClause } from './string-clause.js'
import { liftToReferenced, relatedElement } from './related-element.js'
import { isSystemTextColumn, isSystemTimestampColumn, type SystemTimestampColumn } from '../system-columns.js'
import type { TenantState } from '../../../kernel/tenant-state.js'

export type { RowPredicate } from './clause-context.js'

/** Hooks for keys whose data belongs to other domains (mail: click counts, bounce counts). */
export interface ConditionExtras {
  /** Whether a member matches a click_count_flag clause (the mail domain knows clicks). Default: nobody clicked. */
  clickCountFlag?: (table: MemberTableState, clause: ClauseInput) => RowPredicate
  /** Delivery error count of an address (kind 17, from the mail domain). Default 0. */
  errorCount?: (address: string) => number
}

/**
 * The extras of a tenant: given to the member database's handlers by the composition root
 * (`src/emulator.ts` passes mail's), so this domain reads no other domain's state.
 */
export type ConditionExtrasOf = (tenant: TenantState) => ConditionExtras

export interface CompileOptions {
  /** The whole database, to name the table an element of another table belongs to. */
  db?: MemberDbState
  extras?: ConditionExtras
}

function findElementElsewhere(db: MemberDbState | undefined, id: number): MemberTableState | undefined {
  for (const t of db?.tables.values() ?? []) if (t.elements.some((e) => e.id === id)) return t
  return undefined
}

/** The elements a condition names, in key order; throws for unknown keys. */
export function conditionElements(table: MemberTableState, info: ConditionInfo, db?: MemberDbState): MemberElement[] {
  const out: MemberElement[] = []
  for (const key of Object.keys(info.conditions)) {
    const m = /^e_([0-9]+)$/.exec(key)
    if (!m) continue
    const id = Number(m[1])
    const el = table.elements.find((e) => e.id === id)
    if (el) {
      out.push(el)
      continue
    }
    // an element of a table that references this one through a relation (not the relation itself)
    const related = relatedElement(db, table, id)
    if (related === 'relation') {
      throw new KrsError(
        'KR_API_F0007',
        msg('condition_relation_element', { key, element_id: id, member_table_id: table.id }),
      )
    }
    if (related) {
      out.push(related.element)
      continue
    }
    const other = findElementElsewhere(db, id)
    if (other)
      throw new KrsError(
        'KR_API_F0007',
        msg('condition_element_other_table', {
          key,
          element_id: id,
          other_table_id: other.id,
          member_table_id: table.id,
        }),
      )
    throw new KrsError(
      'KR_API_F0005',
      msg('condition_element_not_found', { key, member_table_id: table.id, element_id: id }),
    )
  }
  return out
}

/** KR_API_F0229 when the condition names an encrypted text element. */
export function assertNoEncryptedElement(table: MemberTableState, info: ConditionInfo, db?: MemberDbState): void {
  const enc = conditionElements(table, info, db).filter((e) => e.type === 'encrypted_text')
  if (enc.length) {
    throw new KrsError(
      'KR_API_F0229',
      msg('condition_encrypted_element', { keys: enc.map((e) => `e_${e.id}`).join(', ') }),
    )
  }
}

function elementClause(
  table: MemberTableState,
  el: MemberElement,
  c: ClauseInput,
  extras: ConditionExtras,
): RowPredicate {
  const cols = table.members
  if (el.type === 'timestamp') return timestampClause(table, el.systemField ?? 'regist_date', c)
  if (el.type === 'hashed_password') {
    if (c.kind !== K.EMPTY && c.kind !== K.NOT_EMPTY) kindNotAllowed(c, msg('family_hashed_password'))
  }
  const col = cols.columns.get(el.id)
  if (el.type === 'autogen' && col instanceof NumberColumn) {
    return compileStringClause(c, {
      email: false,
      read: (r) => {
        const v = col.values.get(r)
        return Number.isNaN(v) ? null : formatAutogen(el, v)
      },
    })
  }
  if (col instanceof StringColumn) {
    return compileStringClause(c, {
      email: el.type === 'email',
      read: (r) => col.values.get(r),
      ...(extras.errorCount ? { errorCount: extras.errorCount } : {}),
    })
  }
  if (col instanceof NumberColumn) return compileNumberClause(c, col.values, true)
  if (col instanceof IntColumn && col.kind === 'date') {
    return compileDateClause(c, {
      day: (r) => {
        const v = col.values.get(r)
        return v === NULL_DAY ? NaN : v
      },
      days: col,
    })
  }
  if (col instanceof IntColumn) return compileChoiceClause(c, col.values)
  if (col instanceof BoolColumn) return compileBoolClause(c, col.values)
  if (col instanceof MultiColumn) return compileMultiClause(c, col)
  kindNotAllowed(c, msg('family_type', { type: el.type }))
}

function timestampClause(table: MemberTableState, field: SystemTimestampColumn, c: ClauseInput): RowPredicate {
  const cols = table.members
  return compileDateClause(c, {
    day: (r) => {
      const v = cols[field].get(r)
      return Number.isNaN(v) ? NaN : jstDay(v)
    },
    seconds: (r) => cols[field].get(r),
    upload: field === 'upload_date',
  })
}

function compileClause(
  table: MemberTableState,
  key: string,
  kind: number,
  extra: Record<string, unknown>,
  now: number,
  opts: CompileOptions,
): RowPredicate | null {
  if (kind === K.NONE) return null
  const extras = opts.extras ?? {}
  const base = { key, kind, extra, now }
  if (key === 'id') return compileNumberClause({ ...base, label: '会員ID' }, table.members.id, false)
  if (isSystemTimestampColumn(key)) return timestampClause(table, key, { ...base, label: key })
  if (isSystemTextColumn(key)) {
    const col = table.members[key]
    return compileStringClause({ ...base, label: key }, { email: false, read: (r) => col.values.get(r) })
  }
  if (key === 'click_count_flag') {
    const c = { ...base, label: 'クリックカウント' }
    if (extras.clickCountFlag) return extras.clickCountFlag(table, c)
    // no click data without the mail domain's hook: nobody clicked
    const positive = [K.EQUAL, K.CONTAINS, K.CONTAINS_ANY, K.NOT_EMPTY, K.TRUE].includes(kind as 2)
    return () => !positive
  }
  const el = table.elements.find((e) => `e_${e.id}` === key)
  if (el) return elementClause(table, el, { ...base, label: el.name }, extras)
  // checked by conditionElements: an element of a table related to this one
  const related = relatedElement(opts.db, table, Number(key.slice(2)))
  if (!related || related === 'relation')
    throw new KrsError(
      'KR_API_F0005',
      msg('condition_element_not_found', { key, member_table_id: table.id, element_id: key.slice(2) }),
    )
  const inner = elementClause(related.table, related.element, { ...base, label: related.element.name }, extras)
  return liftToReferenced(table, related, inner)
}

/**
 * Compile an extraction condition of a member table into a row predicate. Every clause is
 * `[kind, additional info]`; grouping true = AND, false = OR; clauses of kind 1 (none) are
 * ignored, and a condition without any other clause matches every member. Throws KrsError:
 * F0229 (encrypted element), F0005 (unknown element), F0007 (element of an unrelated table, or
 * a relation element), F0004 (kind not usable on the key, or bad additional info). Elements of
 * a table that references this one through a relation are usable (related-element.ts).
 */
export function compileCondition(
  table: MemberTableState,
  info: ConditionInfo,
  now: number,
  opts: CompileOptions = {},
): RowPredicate {
  assertNoEncryptedElement(table, info, opts.db)
  const preds: RowPredicate[] = []
  for (const [key, clause] of Object.entries(info.conditions)) {
    if (
      !Array.isArray(clause) ||
      clause.length !== 2 ||
      typeof clause[0] !== 'number' ||
      typeof clause[1] !== 'object' ||
      clause[1] === null
    ) {
      throw new KrsError('KR_API_F0004', msg('condition_clause_shape', { key }))
    }
    const p = compileClause(table, key, clause[0], clause[1] as Record<string, unknown>, now, opts)
    if (p) preds.push(p)
  }
  const aliveChunks = table.members.alive
  const alive = (r: number) => aliveChunks.get(r)
  const and = info.grouping !== false
  if (preds.length === 0) return (r) => alive(r) === 1
  if (preds.length === 1) {
    const [a] = preds as [RowPredicate]
    return (r) => alive(r) === 1 && a(r)
  }
  if (and && preds.length === 2) {
    const [a, b] = preds as [RowPredicate, RowPredicate]
    return (r) => alive(r) === 1 && a(r) && b(r)
  }
  if (and && preds.length === 3) {
    const [a, b, c] = preds as [RowPredicate, RowPredicate, RowPredicate]
    return (r) => alive(r) === 1 && a(r) && b(r) && c(r)
  }
  if (and)
    return (r) => {
      if (alive(r) !== 1) return false
      for (const p of preds) if (!p(r)) return false
      return true
    }
  return (r) => {
    if (alive(r) !== 1) return false
    for (const p of preds) if (p(r)) return true
    return false
  }
}
