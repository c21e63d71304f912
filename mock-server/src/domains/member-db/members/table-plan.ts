import type { Column } from '../member-columns.js'
import type { MemberElement, MemberTableState } from '../member-db-state.js'

/**
 * What every write to a table needs about its elements, computed once per table instead of
 * on every call: elements by id and by `e_{id}` key, the autogen, encrypted, password and
 * unique elements, and each element's column. Derived data kept in a WeakMap beside the
 * table; rebuilt when the element list is replaced or changes length (nothing changes an
 * element in place).
 */
export interface TablePlan {
  readonly elements: readonly MemberElement[]
  readonly byId: ReadonlyMap<number, MemberElement>
  /** `e_{id}` → element. */
  readonly byKey: ReadonlyMap<string, MemberElement>
  /** `e_{id}` of each element, by element id. */
  readonly keyOf: ReadonlyMap<number, string>
  readonly autogen: readonly MemberElement[]
  readonly encrypted: readonly MemberElement[]
  readonly unique: readonly MemberElement[]
  /** Elements an add must look at when the input leaves them out (not autogen, not timestamp). */
  readonly addDefaults: readonly { el: MemberElement; key: string; password: boolean; pos: number }[]
  /** `e_{id}` → position of the element in `elements`. */
  readonly posByKey: ReadonlyMap<string, number>
  /**
   * Scratch marks by element position of which elements an input names: named in the
   * current check when the mark equals the check's stamp (no per-call set or `in` test).
   */
  readonly marks: Int32Array
  /** Whether the unique key of the values checked on add is the key the stored row gets (no unique autogen or hashed password). */
  readonly uniqueKeyStable: boolean
  /** The column of each element (elements without one: absent). */
  readonly column: ReadonlyMap<number, Column>
  /** The columns object the plan was made for (a restore replaces it). */
  readonly columnsOf: unknown
  /** The elements `get_member_info` writes after the system fields, in order (no timestamps). */
  readonly jsonFields: readonly JsonField[]
}

/** One element of a member's JSON: its `,"e_{id}":` text, the element and its column. */
export interface JsonField {
  readonly key: string
  readonly el: MemberElement
  readonly column: Column | undefined
}

interface Cached {
  elements: MemberElement[]
  length: number
  plan: TablePlan
}

const plans = new WeakMap<MemberTableState, Cached>()

function build(table: MemberTableState): TablePlan {
  const els = table.elements
  const column = new Map<number, Column>()
  for (const el of els) {
    const c = table.members.columns.get(el.id)
    if (c) column.set(el.id, c)
  }
  return {
    elements: els,
    byId: new Map(els.map((e) => [e.id, e])),
    byKey: new Map(els.map((e) => [`e_${e.id}`, e])),
    keyOf: new Map(els.map((e) => [e.id, `e_${e.id}`])),
    autogen: els.filter((e) => e.type === 'autogen'),
    encrypted: els.filter((e) => e.type === 'encrypted_text'),
    unique: els.filter((e) => e.unique),
    addDefaults: els
      .map((el, pos) => ({
        el,
        key: `e_${el.id}`,
        password: el.type === 'password' || el.type === 'hashed_password',
        pos,
      }))
      .filter(({ el }) => el.type !== 'autogen' && el.type !== 'timestamp'),
    posByKey: new Map(els.map((e, i) => [`e_${e.id}`, i])),
    column,
    columnsOf: table.members,
    jsonFields: els
      .filter((el) => el.type !== 'timestamp')
      .map((el) => ({ key: `,"e_${el.id}":`, el, column: column.get(el.id) })),
    marks: new Int32Array(els.length),
    uniqueKeyStable: els.every((e) => !e.unique || (e.type !== 'autogen' && e.type !== 'hashed_password')),
  }
}

export function tablePlan(table: MemberTableState): TablePlan {
  const c = plans.get(table)
  if (c && c.elements === table.elements && c.length === table.elements.length && c.plan.columnsOf === table.members)
    return c.plan
  const plan = build(table)
  plans.set(table, { elements: table.elements, length: table.elements.length, plan })
  return plan
}
