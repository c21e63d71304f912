import { isKrsError } from '../kernel/krs-error.js'
import type { Account, ApiToken } from '../kernel/account.js'
import { parseJstDateTime } from '../lib/day-number.js'
import { MemberColumns } from '../domains/member-db/member-columns.js'
import type { MemberDbState, MemberElement, MemberTableState } from '../domains/member-db/member-db-state.js'
import type { PartialTenantState } from '../kernel/state-section.js'
import type { ScenarioSections } from '../kernel/tenant-state.js'
import { compileCondition } from '../domains/member-db/conditions/compile-condition.js'
import { predefinedAllCondition } from '../domains/member-db/conditions/condition-store.js'
import { addMember } from '../domains/member-db/members/member-store.js'
import { generateMembers } from './generate-members.js'
import { ScenarioError } from './scenario-error.js'
import { isCoreScenarioKey } from './scenario-schema.js'
import type { Scenario, ScenarioAccount } from './scenario-types.js'
import { seededRandom } from './seeded-random.js'

export interface CreateTenantOptions {
  /** Seed of generated members and of every random value drawn while building. */
  seed: number
  /** Number of generated members of the first table that generates members (default: the scenario's). */
  members?: number
  /** Engine time, unix seconds. */
  now: number
  /** Bearer value of each token (default: the scenario's value, or the name). */
  tokenValue?: (name: string) => string
}

function accountOf(a: ScenarioAccount): Account {
  return {
    id: a.id,
    login: a.login,
    name: a.name,
    level: a.level,
    memberDataSearch: a.memberDataSearch ?? false,
    encryptedKey: a.encryptedKey ?? false,
    resultDownload: a.resultDownload ?? false,
    postedImageMenu: a.postedImageMenu ?? false,
    options: {
      mail: a.options?.mail ?? false,
      forms: a.options?.forms ?? false,
      posted_images: a.options?.posted_images ?? false,
    },
    tables: a.tables ?? 'all',
  }
}

/**
 * The modules' sections of a scenario: every key the scenario layer does not build itself
 * (deep copies; absent keys stay absent).
 */
export function scenarioSectionsOf(scenario: Partial<Scenario>): ScenarioSections {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(scenario)) {
    if (!isCoreScenarioKey(key) && value !== undefined) out[key] = structuredClone(value)
  }
  return out as ScenarioSections
}

/** Build the state of one tenant from a (parsed) scenario. */
export function createTenantState(id: string, scenario: Scenario, opts: CreateTenantOptions): PartialTenantState {
  const accounts = new Map(scenario.accounts.map((a) => [a.id, accountOf(a)]))
  const tokens = new Map<string, ApiToken>()
  for (const t of scenario.tokens) {
    const token = opts.tokenValue?.(t.name) ?? t.token ?? t.name
    tokens.set(token, { token, name: t.name, accountId: t.account })
  }
  const db: MemberDbState = {
    tables: new Map(),
    conditions: new Map([[1, predefinedAllCondition()]]),
    nextConditionId: 2,
    conditionUses: new Map(),
    blacklist: (scenario.blacklist ?? []).map((b) => b.toLowerCase()),
  }
  const random = seededRandom(opts.seed)
  let membersOverride = opts.members
  scenario.memberTables.forEach((st, ti) => {
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
      try {
        const memberId = addMember(table, values, { now: opts.now, random, encryptedKey: true })
        const row = table.members.rowOf(memberId)
        const r = regist_date ? parseJstDateTime(regist_date) : null
        const u = update_date ? parseJstDateTime(update_date) : null
        if (r !== null) table.members.regist_date[row] = r
        if (u !== null || r !== null) table.members.update_date[row] = u ?? r!
      } catch (e) {
        if (isKrsError(e))
          throw new ScenarioError(`memberTables[${ti}].members.list[${mi}]`, `${e.code}: ${e.detail ?? ''}`)
        throw e
      }
    })
    generateMembers(table, {
      count,
      seed: opts.seed,
      now: opts.now,
      fakes: new Map(st.elements.map((e) => [e.id, e.fake])),
    })

    ;(st.conditions ?? []).forEach((c, ci) => {
      const info = { title: c.title, grouping: c.grouping, conditions: c.conditions }
      try {
        compileCondition(table, info, opts.now, { db })
      } catch (e) {
        if (isKrsError(e))
          throw new ScenarioError(`memberTables[${ti}].conditions[${ci}]`, `${e.code}: ${e.detail ?? ''}`)
        throw e
      }
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
  return {
    id,
    environmentName: scenario.environment.name,
    accounts,
    tokens,
    memberDb: db,
    audit: [],
    scenario: scenarioSectionsOf(scenario),
  }
}
