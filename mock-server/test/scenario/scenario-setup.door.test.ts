import { parseScenario } from '../../src/emulator.js'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { defaultScenario, ScenarioError, type Scenario } from '../../src/scenario/index.js'
import { runOnEveryDoor } from '../support/run-on-every-door.js'

// Setting the emulator up: partial scenarios (`extends: default`), `now`, and
// GET /__mock/scenario.

const readme = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8')
/** The README's YAML example that starts with `extends: default`. */
const readmeExample = /```yaml\n(extends: default\n[\s\S]*?)```/.exec(readme)![1]!

describe('partial scenarios: extends default', () => {
  it("the README's own YAML example loads", () => {
    const s = parseScenario(readmeExample)
    expect(s.environment).toEqual(defaultScenario().environment)
    expect(s.memberTables.map((t) => t.id)).toEqual([1, 2, 3])
    expect(s.delivery?.stopped).toEqual(['stop@example.com'])
    expect(s.now).toBe('2026-04-01T09:00:00+09:00')
  })

  it('merges objects by key and entity lists by id (tokens by name); other lists are replaced', () => {
    const s = parseScenario({
      extends: 'default',
      environment: { name: '検証環境' },
      blacklist: ['only@example.com'],
      tokens: [
        { name: 'krs-all', token: 'my-own-token' },
        { name: 'krs-extra', account: 2 },
      ],
      memberTables: [
        {
          id: 1,
          title: '会員',
          elements: [
            { id: 6, name: '名前' },
            { id: 99, name: '追加', type: 'text', config: { type: 'any', max: 5 } },
          ],
          members: { generate: 5 },
        },
        { id: 3, $delete: true },
      ],
    })
    const d = defaultScenario()
    expect(s.environment.name).toBe('検証環境')
    expect(s.blacklist).toEqual(['only@example.com'])
    expect(s.accounts).toEqual(d.accounts)
    expect(s.tokens.find((t) => t.name === 'krs-all')).toEqual({
      ...d.tokens.find((t) => t.name === 'krs-all'),
      token: 'my-own-token',
    })
    expect(s.tokens.map((t) => t.name)).toEqual([...d.tokens.map((t) => t.name), 'krs-extra'])
    expect(s.memberTables.map((t) => t.id)).toEqual([1, 2])
    const t1 = s.memberTables[0]!
    expect(t1.title).toBe('会員')
    const name = t1.elements.find((e) => e.id === 6)!
    expect(name).toEqual({ ...d.memberTables[0]!.elements.find((e) => e.id === 6), name: '名前' })
    expect(t1.elements.at(-1)!.id).toBe(99)
    expect(t1.elements).toHaveLength(d.memberTables[0]!.elements.length + 1)
    expect(t1.conditions).toEqual(d.memberTables[0]!.conditions)
    expect(t1.members).toEqual({ generate: 5 })
  })

  it('$replace takes a value as is; errors name the key', () => {
    const s = parseScenario({
      extends: 'default',
      memberTables: { $replace: [{ id: 5, title: '自前', elements: [{ id: 500, name: 'メール', type: 'email' }] }] },
      accounts: { $replace: [{ id: 1, login: 'a', name: 'A', level: 'all' }] },
      tokens: { $replace: [{ name: 'only', account: 1 }] },
    })
    expect(s.memberTables.map((t) => t.id)).toEqual([5])
    expect(s.tokens).toEqual([{ name: 'only', account: 1 }])
    expect(() => parseScenario({ extends: 'other' })).toThrow(ScenarioError)
    expect(() => parseScenario({ extends: 'default', memberTables: [{ title: 'no id' }] })).toThrow(
      /memberTables\[0\].*needs its id/,
    )
    expect(() => parseScenario({ extends: 'default', memberTables: [{ id: 9, $delete: true }] })).toThrow(/\$delete/)
    expect(() => parseScenario({ extends: 'default', now: 'tomorrow' })).toThrow(/now: must be an ISO 8601 time/)
    // without extends a scenario is still complete by itself
    expect(() => parseScenario({ delivery: {} })).toThrow(/environment: required key is missing/)
  })
})

runOnEveryDoor('scenarios with extends and now, GET /__mock/scenario', (t) => {
  it('a tenant from the README example: its clock starts at now (fixed), its scenario reads back complete', async () => {
    const created = await t.admin<{ tenant_id: string; tokens: Record<string, string>; base_url: string }>(
      'POST',
      'tenants',
      { scenario: parseYaml(readmeExample), members: 10 },
    )
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const token = created.body.tokens['krs-all']!
    const clock = await t.admin<{ now: number; mode: string }>('GET', 'clock', undefined, token)
    expect(clock.body).toMatchObject({ now: Date.parse('2026-04-01T09:00:00+09:00') / 1000, mode: 'manual' })
    const json = await t.admin<Scenario>('GET', 'scenario', undefined, token)
    expect(json.status).toBe(200)
    expect(json.headers.get('content-type')).toMatch(/^application\/json/)
    expect(json.body.environment).toEqual(defaultScenario().environment)
    expect(json.body).not.toHaveProperty('extends')
    expect((json.body.delivery as { stopped: string[] }).stopped).toEqual(['stop@example.com'])
  })

  it('GET /__mock/scenario answers YAML when asked; the YAML loads back to the same scenario', async () => {
    const yaml = await t.fetch('/__mock/scenario', { headers: { accept: 'application/yaml' } })
    expect(yaml.status).toBe(200)
    expect(yaml.headers.get('content-type')).toMatch(/^application\/yaml/)
    const text = await yaml.text()
    expect(text).toMatch(/^environment:/m)
    const json = await t.admin<Scenario>('GET', 'scenario')
    expect(parseYaml(text)).toEqual(json.body)
    expect(parseScenario(text)).toEqual(json.body)
    expect(json.body).toEqual(defaultScenario())
  })
})
