import { describe, expect, it } from 'vitest'
import { modules, parseScenario, scenarioSchema } from '../../src/emulator.js'
import { createEngine } from '../../src/index.js'
import { assembleScenarioSchema, defaultScenario, ScenarioError } from '../../src/scenario/index.js'
import { listsMergedById } from '../../src/scenario/scenario-schema.js'

// The scenario schema is assembled from the modules' declared parts (kernel/module.ts
// ScenarioSchemaPart), and a wrong section fails with its path before any module reads it.

describe('the scenario schema assembled from the modules', () => {
  it('holds every key that a module declares, as that module declares it', () => {
    let seen = 0
    for (const m of modules) {
      const part = 'scenarioSchema' in m ? m.scenarioSchema : undefined
      for (const [key, schema] of Object.entries(part?.properties ?? {})) {
        expect(scenarioSchema.properties[key], `${m.name}: ${key}`).toBe(schema)
        seen++
      }
      for (const [key, schema] of Object.entries(part?.extensions ?? {})) {
        // several modules own properties of one extension key: each of theirs is in the merge
        const ext = scenarioSchema.properties.extensions as {
          properties: Record<string, { properties: Record<string, unknown> }>
        }
        for (const [p, s] of Object.entries((schema as { properties: Record<string, unknown> }).properties)) {
          expect(ext.properties[key]!.properties[p], `${m.name}: extensions.${key}.${p}`).toBe(s)
          seen++
        }
      }
    }
    // memberTables and blacklist (member-db), delivery (mail), forms (forms), columnSets (batch),
    // postedImages; extensions.services: public_base_url (forms), account_passwords and batch
    // (batch), zip_not_ready (zip)
    expect(seen).toBe(10)
    expect(scenarioSchema.required).toContain('memberTables')
    // the lists `extends: default` merges by id: the accounts, and those the modules name
    expect([...listsMergedById(scenarioSchema)].sort()).toEqual([
      'accounts',
      'columnSets',
      'forms',
      'forms[].elements',
      'memberTables',
      'memberTables[].conditions',
      'memberTables[].elements',
    ])
    expect(Object.keys(scenarioSchema.properties)).toEqual(
      expect.arrayContaining(['environment', 'accounts', 'tokens', 'now']),
    )
  })

  it('refuses two parts that declare the same key', () => {
    expect(() => assembleScenarioSchema([{ properties: { forms: {} } }, { properties: { forms: {} } }])).toThrow(
      'scenario key forms is declared twice',
    )
    expect(() => assembleScenarioSchema([{ properties: { accounts: {} } }])).toThrow(
      'scenario key accounts is declared twice',
    )
    expect(() =>
      assembleScenarioSchema([
        { properties: {}, extensions: { x: {} } },
        { properties: {}, extensions: { x: {} } },
      ]),
    ).toThrow('scenario key extensions.x is declared twice')
    const part = (p: string) => ({
      properties: {},
      extensions: { x: { type: 'object', additionalProperties: false, properties: { [p]: {} } } },
    })
    expect(() => assembleScenarioSchema([part('a'), part('a')])).toThrow(
      'scenario key extensions.x.a is declared twice',
    )
    const merged = assembleScenarioSchema([part('a'), part('b')]).properties.extensions as {
      properties: { x: { additionalProperties: boolean; properties: Record<string, unknown> } }
    }
    expect(merged.properties.x).toEqual({ type: 'object', additionalProperties: false, properties: { a: {}, b: {} } })
  })

  it('a key that neither the scenario layer nor a module declares is refused', () => {
    const bare = assembleScenarioSchema([])
    expect(bare.properties.delivery).toBeUndefined()
    expect(() => parseScenario({ ...defaultScenario(), nonsense: 1 })).toThrow('scenario: nonsense: unknown key')
  })

  const wrong: [string, Record<string, unknown>, string][] = [
    [
      'postedImages (posted-images module)',
      { postedImages: { url_expire_seconds: 'soon' } },
      'postedImages.url_expire_seconds',
    ],
    ['columnSets (batch module)', { columnSets: [{ id: 2, columns: ['e_x'] }] }, 'columnSets[0].columns[0]'],
    ['forms (forms module)', { forms: [{ id: 1, member_table_id: 1, type: 'join' }] }, 'forms[0].type'],
    [
      'extensions.services (zip module)',
      { extensions: { services: { zip_not_ready: 'yes' } } },
      'extensions.services.zip_not_ready',
    ],
    ['delivery (mail module)', { delivery: { nonsense: true } }, 'delivery.nonsense'],
  ]
  for (const [what, section, path] of wrong) {
    it(`a wrong ${what} section fails naming ${path}`, () => {
      const scenario = { ...defaultScenario(), ...section }
      let error: unknown
      try {
        parseScenario(scenario)
      } catch (e) {
        error = e
      }
      expect(error).toBeInstanceOf(ScenarioError)
      expect((error as ScenarioError).path).toBe(path)
      expect(() => createEngine({ scenario })).toThrow(`scenario: ${path}: `)
    })
  }

  it('a snapshot whose module section does not fit its part is refused (invalid_snapshot) and changes nothing', async () => {
    const engine = createEngine({ members: 3, clock: { mode: 'manual', now: 1_767_225_600 } })
    const snap = engine.exportTenant(engine.defaultTenant) as { state: { extra: Record<string, unknown> } }
    const before = JSON.stringify(snap)
    snap.state.extra.scenario = { forms: [{ id: 1, member_table_id: 1, type: 'join' }] }
    const res = await engine.handle(
      new Request('http://krs.test/__mock/snapshot', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(snap),
      }),
    )
    expect(res.status).toBe(400)
    const body = (await res.json()) as { error: string; message: string }
    expect(body.error).toBe('invalid_snapshot')
    expect(body.message).toContain('forms[0].type')
    expect(JSON.stringify(engine.exportTenant(engine.defaultTenant))).toBe(before)
  })
})
