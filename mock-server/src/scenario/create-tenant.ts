import type { Account, ApiToken } from '../kernel/account.js'
import type { PartialTenantState } from '../kernel/state-section.js'
import type { ScenarioSections } from '../kernel/tenant-state.js'
import { isCoreScenarioKey } from './scenario-schema.js'
import type { Scenario, ScenarioAccount } from './scenario-types.js'

export interface CreateTenantOptions {
  /** Seed of generated members and of every random value drawn while building (used by the modules' sections). */
  seed: number
  /** Number of generated members (default: the scenario's; used by the member database's section). */
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

/**
 * The kernel's part of one tenant's state from a (parsed) scenario: identity, accounts,
 * tokens, the modules' scenario sections. The kernel then adds the modules' state sections
 * (`ensureSections`), built from those scenario sections.
 */
export function createTenantState(id: string, scenario: Scenario, opts: CreateTenantOptions): PartialTenantState {
  const accounts = new Map(scenario.accounts.map((a) => [a.id, accountOf(a)]))
  const tokens = new Map<string, ApiToken>()
  for (const t of scenario.tokens) {
    const token = opts.tokenValue?.(t.name) ?? t.token ?? t.name
    tokens.set(token, { token, name: t.name, accountId: t.account })
  }
  return {
    id,
    environmentName: scenario.environment.name,
    accounts,
    tokens,
    audit: [],
    scenario: scenarioSectionsOf(scenario),
  }
}
