import { buildTenantState, parseScenario, sections } from '../../../src/emulator.js'
import { describe, expect, it } from 'vitest'
import { memberDbHandlers as h } from '../../../src/domains/member-db/handlers.js'
import { apiValue, checkMemberInput } from '../../../src/domains/member-db/members/index.js'
import { elementTypes } from '../../../src/domains/member-db/member-db-state.js'
import {
  createTenantState,
  defaultScenario,
  restoreTenant,
  ScenarioError,
  snapshotTenant,
} from '../../../src/scenario/index.js'
import { ctxFor, makeTenant, NOW } from './support.js'

function scenarioError(input: unknown): ScenarioError {
  try {
    parseScenario(input)
  } catch (e) {
    if (e instanceof ScenarioError) return e
    throw e
  }
  throw new Error('expected a ScenarioError')
}

describe('parseScenario', () => {
  it('accepts the default scenario, as an object and as JSON or YAML text', () => {
    const s = defaultScenario()
    expect(parseScenario(s)).toEqual(s)
    expect(parseScenario(JSON.stringify(s))).toEqual(s)
    expect(
      parseScenario(
        'environment: {name: 試験}\naccounts: [{id: 1, login: a, name: A, level: all}]\ntokens: [{name: t, account: 1}]\nmemberTables: [{id: 1, title: T, elements: []}]\n',
      ).environment.name,
    ).toBe('試験')
  })
  it('names the bad key path', () => {
    const s = defaultScenario() as unknown as { memberTables: { elements: { type: string }[] }[] }
    s.memberTables[0]!.elements[3]!.type = 'colour'
    const e = scenarioError(s)
    expect(e.path).toBe('memberTables[0].elements[3].type')
    expect(e.message).toContain('memberTables[0].elements[3].type')
  })
  it('names unknown and missing keys', () => {
    expect(scenarioError({ ...defaultScenario(), colour: 1 }).path).toBe('colour')
    const { environment: _, ...rest } = defaultScenario()
    expect(scenarioError(rest).path).toBe('environment')
    const s = defaultScenario()
    ;(s.accounts[2] as unknown as Record<string, unknown>).level = 'boss'
    expect(scenarioError(s).path).toBe('accounts[2].level')
  })
  it('checks references between sections', () => {
    const s = defaultScenario()
    s.tokens.push({ name: 'ghost', account: 99 })
    expect(scenarioError(s).path).toBe(`tokens[${s.tokens.length - 1}].account`)
    const d = defaultScenario()
    d.memberTables[1]!.elements[1]!.id = 4
    expect(scenarioError(d).rule).toContain('duplicate element id')
  })
  it('refuses invalid listed members and conditions when building the tenant', () => {
    const s = defaultScenario()
    s.memberTables[0]!.members = { list: [{ e_4: 'not-an-address', e_6: '名前' }] }
    expect(() => buildTenantState('x', parseScenario(s), { seed: 1, now: NOW })).toThrow(
      /memberTables\[0\]\.members\.list\[0\].*KR_API_F0116/,
    )
    const c = defaultScenario()
    c.memberTables[0]!.conditions = [{ id: 9, title: '暗号', grouping: true, conditions: { e_15: [20, {}] } }]
    expect(() => buildTenantState('x', parseScenario(c), { seed: 1, members: 0, now: NOW })).toThrow(
      /conditions\[0\].*KR_API_F0229/,
    )
  })
  it('accepts the optional sections of the mail, forms and batch domains', () => {
    const s = {
      ...defaultScenario(),
      delivery: { timing: { list_base_seconds: 60 } },
      forms: [],
      columnSets: [],
      postedImages: {},
      extensions: { anything: true },
    }
    expect(parseScenario(s).delivery).toEqual({ timing: { list_base_seconds: 60 } })
    // the sections are checked by their parts' schemas, not just passed through
    expect(() => parseScenario({ ...defaultScenario(), delivery: { timing: { phaseSeconds: 60 } } })).toThrow(
      /delivery\.timing\.phaseSeconds: unknown key/,
    )
  })
})

describe('the default scenario', () => {
  const t = makeTenant(1000)
  it('covers every element type of the documentation', () => {
    const types = new Set([...t.memberDb.tables.values()].flatMap((x) => x.elements.map((e) => e.type)))
    expect([...elementTypes].filter((x) => !types.has(x))).toEqual([])
  })
  it('has the tokens of the README, whose values are their names', () => {
    expect([...t.tokens.keys()].sort()).toEqual([
      'krs-all',
      'krs-noencrypt',
      'krs-nomail',
      'krs-operation',
      'krs-reference',
      'krs-search',
      'krs-table1',
      'krs-work',
    ])
    const acc = (tok: string) => t.accounts.get(t.tokens.get(tok)!.accountId)!
    expect(acc('krs-all')).toMatchObject({
      level: 'all',
      memberDataSearch: true,
      encryptedKey: true,
      resultDownload: true,
      options: { mail: true, forms: true, posted_images: true },
    })
    expect(acc('krs-work').level).toBe('work')
    expect(acc('krs-operation').level).toBe('operation')
    expect(acc('krs-reference').level).toBe('reference')
    expect(acc('krs-search')).toMatchObject({ level: 'none', memberDataSearch: true })
    expect(acc('krs-noencrypt')).toMatchObject({ level: 'all', encryptedKey: false })
    expect(acc('krs-nomail')).toMatchObject({ level: 'all', options: { mail: false } })
  })
  it('generates 1,000 members by default whose values pass validation', () => {
    const table = t.memberDb.tables.get(1)!
    expect(table.members.count).toBe(1000)
    for (let r = 0; r < table.members.rows; r++) {
      const input: Record<string, unknown> = {}
      for (const el of table.elements) {
        if (['timestamp', 'autogen', 'hashed_password'].includes(el.type)) continue
        input[`e_${el.id}`] = apiValue(table, el, r)
      }
      const { errors } = checkMemberInput(table, input, 'update', r)
      expect(errors, `member ${table.members.id.get(r)}`).toEqual({})
    }
  })
  it('generates realistic Japanese members', () => {
    const m = h.get_member_info(ctxFor(t), { member_table_id: 1, member_id: 1 } as never) as Record<string, unknown>
    expect(m.e_6).toMatch(/^\S+ \S+$/)
    expect(m.e_7).toMatch(/^[ァ-ヶー]+ [ァ-ヶー]+$/)
    expect(m.e_3).toBe('M0000001')
    expect(m.e_5).toBe('******')
    const prefs = new Set<number>()
    const table = t.memberDb.tables.get(1)!
    for (let r = 0; r < 1000; r++) prefs.add(table.members.columns.get(10)!.get(r) as number)
    expect(prefs.size).toBeGreaterThan(30)
  })
  it('has conditions, one of them hidden, and a blacklist', () => {
    expect(h.get_conditions(ctxFor(t), { member_table_id: 1 } as never).map((c) => c.id)).toEqual([1, 2, 3, 4, 5])
    expect(t.memberDb.conditions.get(6)?.hidden).toBe(true)
    expect(t.memberDb.blacklist).toContain('@spam.example.jp')
  })
  it('is deterministic for a seed and honours the member count', () => {
    const a = makeTenant(50),
      b = makeTenant(50)
    const info = (x: typeof a) =>
      h.get_member_infos_by_condition(ctxFor(x), {
        member_table_id: 1,
        condition_id: 1,
        offset: 0,
        sort_key: 0,
        order: true,
      } as never)
    expect(info(a)).toEqual(info(b))
    const c = buildTenantState('c', parseScenario(defaultScenario()), { seed: 43, members: 50, now: NOW })
    expect(info(c)).not.toEqual(info(a))
    expect(a.memberDb.tables.get(1)!.members.count).toBe(50)
    expect(a.memberDb.tables.get(2)!.members.count).toBe(30)
  })
  it('gives tokens other values on request', () => {
    const x = createTenantState('x', defaultScenario(), { seed: 1, members: 0, now: NOW, tokenValue: (n) => `${n}-x` })
    expect(x.tokens.get('krs-all-x')?.name).toBe('krs-all')
  })
})

describe('snapshot', () => {
  it('survives a JSON round trip with members, conditions, locks and counters', () => {
    const t = makeTenant(200)
    const ctx = ctxFor(t)
    h.lock_database(ctx, { member_table_id: 2 } as never)
    h.add_condition(ctx, {
      member_table_id: 1,
      condition_info: { title: 'c', grouping: true, conditions: { e_16: [11, {}] } },
    } as never)
    h.delete_member(ctx, { member_table_id: 1, member_id: 3 } as never)
    const json = JSON.parse(JSON.stringify(snapshotTenant(t, sections)))
    const r = restoreTenant(json, sections)
    const rc = ctxFor(r)
    const list = (c: typeof ctx) =>
      h.get_member_infos_by_oneshot_condition(c, {
        member_table_id: 1,
        condition_info: { grouping: true, conditions: {} },
        offset: 100,
        sort_key: 8,
        order: false,
      } as never)
    expect(list(rc)).toEqual(list(ctx))
    expect(h.get_conditions(rc, { member_table_id: 1 } as never)).toEqual(
      h.get_conditions(ctx, { member_table_id: 1 } as never),
    )
    expect(h.get_member_tables(rc)).toEqual(h.get_member_tables(ctx))
    expect(h.lock_database(rc, { member_table_id: 2 } as never)).toBe(false)
    expectSameAdd(ctx, rc)
    expect([...r.tokens.keys()]).toEqual([...t.tokens.keys()])
  })
  it('refuses something that is not a snapshot', () => {
    expect(() => restoreTenant({ hello: 1 }, sections)).toThrow(/snapshot/)
  })
})

function expectSameAdd(a: ReturnType<typeof ctxFor>, b: ReturnType<typeof ctxFor>) {
  const info = { member_table_id: 1, member_info: { e_4: 'same@example.com', e_6: '同じ 人' } } as never
  const ia = h.add_member(a, info),
    ib = h.add_member(b, info)
  expect(ib).toBe(ia)
  const ga = h.get_member_info(a, { member_table_id: 1, member_id: ia } as never) as Record<string, unknown>
  const gb = h.get_member_info(b, { member_table_id: 1, member_id: ib } as never) as Record<string, unknown>
  expect(gb.e_3).toBe(ga.e_3)
}

describe("snapshot of the domains' scenario sections", () => {
  it('keeps Maps, Sets, typed arrays and nested objects of other sections', () => {
    const t = makeTenant(0)
    const section = {
      deliveries: new Map([[7, { id: 7, uses: new Set(['a', 'b']), counts: new Int32Array([1, 2]) }]]),
      next: 8,
      $map: 'odd key',
    }
    ;(t as unknown as Record<string, unknown>).mailDelivery = section
    const r = restoreTenant(JSON.parse(JSON.stringify(snapshotTenant(t, sections))), sections) as unknown as Record<
      string,
      unknown
    >
    expect(r.mailDelivery).toEqual(section)
    expect((r.mailDelivery as typeof section).deliveries.get(7)!.uses).toBeInstanceOf(Set)
  })
})
