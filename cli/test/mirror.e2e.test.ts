import { mkdtempSync } from 'node:fs'
import type { ChildProcessWithoutNullStreams } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildCli, ensureMockServerBuild, krs, startMock } from './support/spawn-krs.js'

/** A tenant with a non-default scenario: own name, an own table with a condition and a form. */
const scenario = {
  extends: 'default',
  environment: { name: '別環境のテスト' },
  memberTables: [
    { id: 1, members: { generate: 30 } },
    {
      id: 9,
      title: '問い合わせ',
      elements: [
        { id: 900, name: 'メール', type: 'email', required: true, unique: true, config: { max: 200 } },
        { id: 901, name: '内容', type: 'textarea', config: { type: 'any', max: 500 } },
        { id: 902, name: '種別', type: 'select', config: { options: { '1': '質問', '2': '要望' } } },
      ],
      members: { generate: 0, list: [{ e_900: 'q@example.com', e_901: '質問です', e_902: 1 }] },
      conditions: [{ id: 90, title: '要望', grouping: true, conditions: { e_902: [13, { values: [2] }] } }],
    },
  ],
  forms: [
    {
      id: 95,
      member_table_id: 9,
      type: 'regist',
      form_type: 'api',
      title: '問い合わせフォーム',
      elements: [{ id: 950, element_id: 900, title: 'メール', requirement: 1 }],
    },
  ],
}

describe('scenario pull and verify, built krs against krs-mock processes', () => {
  let bin: string
  const children: ChildProcessWithoutNullStreams[] = []
  let source: { base: string; token: string }
  const dir = mkdtempSync(join(tmpdir(), 'krs-mirror-e2e-'))
  const env = { XDG_CONFIG_HOME: dir, LANG: 'C' }

  beforeAll(async () => {
    ensureMockServerBuild()
    bin = buildCli()
    const mock = await startMock(bin, ['--quiet'], env)
    children.push(mock.child)
    const res = await fetch(`${mock.url}/__mock/tenants`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ scenario }),
    })
    expect(res.status).toBe(201)
    const tenant = (await res.json()) as { base_url: string; tokens: Record<string, string> }
    source = { base: tenant.base_url, token: tenant.tokens['krs-all']! }
  })
  afterAll(() => {
    for (const c of children) c.kill('SIGTERM')
  })

  async function read(base: string, token: string, name: string, body: Record<string, unknown> = {}): Promise<unknown> {
    const res = await fetch(`${base}/api/v1/${name}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return res.json()
  }

  it('pulls the tenant; krs-mock started from the file answers its reads identically; verify finds no difference', async () => {
    const file = join(dir, 'tenant.yaml')
    const pull = await krs(
      bin,
      ['scenario', 'pull', '--base-url', source.base, '--token', source.token, '--members', '100', '--out', file],
      env,
    )
    expect(pull.code, pull.stderr).toBe(0)
    const mirror = await startMock(bin, ['--quiet', '--scenario', file], env)
    children.push(mirror.child)
    const r = (name: string, body: Record<string, unknown> = {}) =>
      Promise.all([read(source.base, source.token, name, body), read(mirror.url, 'krs-all', name, body)])
    const [envA, envB] = await r('get_environment_name')
    expect(envA).toBe('別環境のテスト')
    expect(envB).toBe(envA)
    const [tablesA, tablesB] = (await r('get_member_tables')) as { id: number }[][]
    expect(tablesA!.map((t) => t.id)).toEqual([1, 2, 3, 9])
    expect(tablesB).toEqual(tablesA)
    for (const { id } of tablesA!) {
      const [elA, elB] = (await r('get_member_table_elements', { member_table_id: id })) as { id: number }[][]
      expect(elB).toEqual(elA)
      for (const e of elA!) {
        const [cA, cB] = await r('get_member_table_element_config', { element_id: e.id })
        expect(cB).toEqual(cA)
      }
      const [condA, condB] = await r('get_conditions', { member_table_id: id })
      expect(condB).toEqual(condA)
      const [formsA, formsB] = (await r('get_member_forms', { member_table_id: id })) as { id: number }[][]
      expect(formsB).toEqual(formsA)
      for (const f of formsA!) {
        const [feA, feB] = await r('get_member_form_elements', { form_id: f.id })
        expect(feB).toEqual(feA)
      }
    }
    const v = await krs(
      bin,
      ['verify', '--base-url', source.base, '--token', source.token, '--against-emulator', mirror.url, '-o', 'json'],
      env,
    )
    expect(v.code, v.stdout + v.stderr).toBe(0)
    expect((JSON.parse(v.stdout) as { differences: unknown[] }).differences).toEqual([])
  }, 120_000)
})
