import { isKrsError } from '../../kernel/krs-error.js'
import { ScenarioError } from '../../kernel/scenario-error.js'
import type { SectionBuild, StateSection } from '../../kernel/state-section.js'
import type { TenantState } from '../../kernel/tenant-state.js'
import { parseJstDateTime } from '../../lib/day-number.js'
import { seededRandom } from '../../lib/seeded-random.js'
import { compileCondition } from './conditions/compile-condition.js'
import { predefinedAllCondition } from './conditions/condition-store.js'
import { MemberColumns } from './member-columns.js'
import type { ScenarioTable } from './member-db-scenario.js'
import { memberDbSnapshot } from './member-db-snapshot.js'
import { forkMemberDb } from './shared-tables.js'
import type { MemberDbState, MemberElement, MemberTableState } from './member-db-state.js'
import { type GenerateOptions, generateMembers } from './members/generate-members.js'
import { deferMembers } from './lazy-members.js'
import { reserveAutogen } from './members/autogen.js'
import { addMember } from './members/member-store.js'

/** A scenario's failure to build (a listed member or a condition the rules refuse), named by its key. */
function atKey<T>(path: string, build: () => T): T {
  try {
    return build()
  } catch (e) {
    if (isKrsError(e)) throw new ScenarioError(path, `${e.code}: ${e.detail ?? ''}`)
    throw e
  }
}

/**
 * The pending generation of a table, made outside createMemberDb: a closure made there would
 * share its scope, which holds the whole database (a fork's parent would keep it alive).
 */
function generator(o: GenerateOptions): (table: MemberTableState) => void {
  return (table) => generateMembers(table, o)
}

/**
 * The member database of a tenant's scenario (`memberTables`, `blacklist`): its tables, the
 * listed members, `generate` members drawn from the seed (`members` overrides the count of
 * the first table that generates some; made on first read of the table's members), and the
 * stored conditions.
 */
export function createMemberDb(tenant: TenantState, now: number, build: SectionBuild): MemberDbState {
  const scenario = tenant.scenario ?? {}
  const db: MemberDbState = {
    tables: new Map(),
    conditions: new Map([[1, predefinedAllCondition()]]),
    nextConditionId: 2,
    conditionUses: new Map(),
    blacklist: (scenario.blacklist ?? []).map((b) => b.toLowerCase()),
  }
  const random = seededRandom(build.seed)
  let membersOverride = build.members
  ;(scenario.memberTables ?? []).forEach((st: ScenarioTable, ti) => {
    const elements: MemberElement[] = st.elements.map((e) => ({
      id: e.id,
      name: e.name,
      type: e.type,
      required: e.required ?? false,
      unique: e.unique ?? false,
      system: e.system ?? e.type === 'timestamp',
      ...(e.systemField ? { systemField: e.systemField } : {}),
      config: structuredClone(e.config ?? {}),
    }))
    const table: MemberTableState = {
      id: st.id,
      title: st.title,
      elements,
      members: new MemberColumns(elements),
      lock: null,
      autogenNext: {},
    }
    db.tables.set(table.id, table)

    let count = st.members?.generate ?? 0
    if (st.members?.generate !== undefined && membersOverride !== undefined) {
      count = membersOverride
      membersOverride = undefined
    }
    ;(st.members?.list ?? []).forEach((m, mi) => {
      const { regist_date, update_date, ...values } = m
      atKey(`memberTables[${ti}].members.list[${mi}]`, () => {
        const memberId = addMember(table, values, { now, random, encryptedKey: true })
        const row = table.members.rowOf(memberId)
        const r = regist_date ? parseJstDateTime(regist_date) : null
        const u = update_date ? parseJstDateTime(update_date) : null
        if (r !== null) table.members.regist_date.set(row, r)
        if (u !== null || r !== null) table.members.update_date.set(row, u ?? r!)
      })
    })
    // the scenario's conditions are checked on the table as listed: compiling reads its columns,
    // which would make the generated members, and the compiled form is not kept
    const listed: MemberTableState = { ...table, members: table.members }
    const fakes = new Map(st.elements.map((e) => [e.id, e.fake]))
    if (count > 0) {
      const autogen = reserveAutogen(table, count)
      deferMembers(table, count, generator({ count, seed: build.seed, now, fakes, autogen }))
    }

    ;(st.conditions ?? []).forEach((c, ci) => {
      const info = { title: c.title, grouping: c.grouping, conditions: c.conditions }
      atKey(`memberTables[${ti}].conditions[${ci}]`, () => compileCondition(listed, info, now, { db }))
      db.conditions.set(c.id, {
        id: c.id,
        memberTableId: table.id,
        title: c.title,
        predefined: null,
        hidden: c.hidden ?? false,
        info,
      })
      db.nextConditionId = Math.max(db.nextConditionId, c.id + 1)
    })
  })
  return db
}

/** The `memberDb` section: built from the scenario, saved with its own snapshot part (typed columns). */
export const memberDbSection: StateSection<'memberDb'> = {
  key: 'memberDb',
  create: createMemberDb,
  snapshot: memberDbSnapshot,
  fork: forkMemberDb,
}
