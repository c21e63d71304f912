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
import { generateMembers } from './members/generate-members.js'
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
 * The member database of a tenant's scenario (`memberTables`, `blacklist`): its tables, the
 * listed members, `generate` members drawn from the seed (`members` overrides the count of
 * the first table that generates some), and the stored conditions.
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
        if (r !== null) table.members.regist_date[row] = r
        if (u !== null || r !== null) table.members.update_date[row] = u ?? r!
      })
    })
    generateMembers(table, {
      count,
      seed: build.seed,
      now,
      fakes: new Map(st.elements.map((e) => [e.id, e.fake])),
    })

    ;(st.conditions ?? []).forEach((c, ci) => {
      const info = { title: c.title, grouping: c.grouping, conditions: c.conditions }
      atKey(`memberTables[${ti}].conditions[${ci}]`, () => compileCondition(table, info, now, { db }))
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
