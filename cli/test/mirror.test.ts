import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEngine, parseScenario, type Engine } from '@krs-kit/mock-server'
import { operations } from '@krs-kit/contract/operations'
import { readOnlyOperations } from '../src/mirror/read-only-caller.js'
import { fixedNow } from './support/engine-fetch.js'
import { runKrs } from './support/memory-io.js'

/** A source environment that is not the default one: own name, an own table, condition and form, few members. */
const sourceScenario = {
  extends: 'default',
  environment: { name: 'ミラー元の株式会社' },
  memberTables: [
    { id: 1, members: { generate: 45 } },
    {
      id: 7,
      title: 'イベント参加者',
      elements: [
        { id: 700, name: 'メール', type: 'email', required: true, unique: true, config: { max: 200 } },
        { id: 701, name: '参加区分', type: 'select', config: { options: { '1': '会場', '2': 'オンライン' } } },
        { id: 702, name: 'コメント', type: 'textarea', config: { type: 'any', max: 300 } },
      ],
      members: {
        generate: 0,
        list: [
          { e_700: 'a@example.com', e_701: 2, e_702: 'よろしく' },
          { e_700: 'b@example.com', e_701: 1 },
        ],
      },
      conditions: [{ id: 70, title: 'オンライン参加', grouping: true, conditions: { e_701: [13, { values: [2] }] } }],
    },
  ],
  forms: [
    {
      id: 80,
      member_table_id: 7,
      type: 'regist',
      form_type: 'api',
      title: '参加申込',
      elements: [{ id: 800, element_id: 700, title: 'メール', requirement: 1 }],
    },
  ],
}

const dir = mkdtempSync(join(tmpdir(), 'krs-mirror-'))

function sourceEngine(): Engine {
  return createEngine({ scenario: parseScenario(sourceScenario), clock: { mode: 'manual', now: fixedNow } })
}

/** A fetch onto an engine that records the operation of every API call. */
function recorded(engine: Engine): { fetch: (r: Request) => Promise<Response>; sent: string[] } {
  const sent: string[] = []
  return {
    sent,
    fetch: async (r) => {
      const m = /\/api\/v1\/([a-z_]+)$/.exec(new URL(r.url).pathname)
      sent.push(m ? m[1]! : `${r.method} ${new URL(r.url).pathname}`)
      return engine.handle(r)
    },
  }
}

async function read(engine: Engine, name: string, body: Record<string, unknown> = {}): Promise<unknown> {
  const res = await engine.handle(
    new Request(`http://x/api/v1/${name}`, {
      method: 'POST',
      headers: { authorization: 'Bearer krs-all', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  )
  return res.json()
}

const env = { KRS_BASE_URL: 'http://127.0.0.1:4010', KRS_API_TOKEN: 'krs-all', LANG: 'C' }

describe('krs scenario pull', () => {
  const source = sourceEngine()
  const pullRec = recorded(source)
  const file = join(dir, 'pulled.yaml')
  let pull: Awaited<ReturnType<typeof runKrs>>

  beforeAll(async () => {
    pull = await runKrs(['scenario', 'pull', '--members', '100', '--out', file], { fetch: pullRec.fetch, env })
  })

  it('writes a scenario and a summary of what was and was not pulled', () => {
    expect(pull.code, pull.stderr).toBe(0)
    expect(pull.stderr).toContain('member tables: 4')
    expect(pull.stderr).toMatch(/password and hashed-password values: /)
    expect(pull.stderr).toContain(`wrote ${file}`)
  })

  it('the emulator started from the file answers the reads of the source identically, ids included', async () => {
    const mirror = createEngine({
      scenario: parseScenario(readFileSync(file, 'utf8')),
      clock: { mode: 'manual', now: fixedNow },
    })
    expect(await read(mirror, 'get_environment_name')).toBe('ミラー元の株式会社')
    const tables = (await read(source, 'get_member_tables')) as { id: number }[]
    expect(tables.map((t) => t.id)).toEqual([1, 2, 3, 7])
    expect(await read(mirror, 'get_member_tables')).toEqual(tables)
    for (const { id } of tables) {
      const elements = (await read(source, 'get_member_table_elements', { member_table_id: id })) as {
        id: number
        system: boolean
      }[]
      expect(await read(mirror, 'get_member_table_elements', { member_table_id: id })).toEqual(elements)
      for (const e of elements) {
        expect(
          await read(mirror, 'get_member_table_element_config', { element_id: e.id }),
          `config of element ${e.id}`,
        ).toEqual(await read(source, 'get_member_table_element_config', { element_id: e.id }))
      }
      expect(await read(mirror, 'get_conditions', { member_table_id: id })).toEqual(
        await read(source, 'get_conditions', { member_table_id: id }),
      )
      const forms = (await read(source, 'get_member_forms', { member_table_id: id })) as { id: number }[]
      expect(await read(mirror, 'get_member_forms', { member_table_id: id })).toEqual(forms)
      for (const f of forms) {
        expect(await read(mirror, 'get_member_form_elements', { form_id: f.id })).toEqual(
          await read(source, 'get_member_form_elements', { form_id: f.id }),
        )
      }
    }
    const page = { member_table_id: 7, condition_id: 1, offset: 0, sort_key: 0, order: true }
    const pick = (rows: unknown) => (rows as Record<string, unknown>[]).map((m) => [m.id, m.e_700, m.e_701, m.e_702])
    expect(pick(await read(mirror, 'get_member_infos_by_condition', page))).toEqual(
      pick(await read(source, 'get_member_infos_by_condition', page)),
    )
  })

  it('sends read-only operations only (the allow-list, each marked x-krs-idempotent in the contract)', () => {
    expect(pullRec.sent.length).toBeGreaterThan(20)
    for (const op of pullRec.sent) {
      expect(readOnlyOperations as readonly string[]).toContain(op)
      expect(operations[op as keyof typeof operations].idempotent).toBe(true)
    }
    expect(new Set(pullRec.sent)).toContain('get_member_infos_by_condition')
  })

  it('anonymizes names, addresses and free text, keeping unique values unique', async () => {
    const anon = join(dir, 'anon.json')
    const r = await runKrs(['scenario', 'pull', '--members', '100', '--anonymize', '--out', anon], {
      fetch: recorded(sourceEngine()).fetch,
      env,
    })
    expect(r.code, r.stderr).toBe(0)
    const scenario = JSON.parse(readFileSync(anon, 'utf8')) as {
      memberTables: { id: number; members: { list: Record<string, unknown>[] } }[]
    }
    const t7 = scenario.memberTables.find((t) => t.id === 7)!.members.list
    expect(t7.map((m) => m.e_700)).not.toContain('a@example.com')
    expect(new Set(t7.map((m) => m.e_700)).size).toBe(2)
    expect(t7[0]!.e_702).not.toBe('よろしく')
    expect(t7[0]!.e_701).toBe(2)
    const t1 = scenario.memberTables.find((t) => t.id === 1)!.members.list
    expect(new Set(t1.map((m) => m.e_4)).size).toBe(t1.length)
    // the anonymized file still loads
    expect(() => createEngine({ scenario: parseScenario(readFileSync(anon, 'utf8')) })).not.toThrow()
  })

  it('--resume continues an interrupted pull without sending the finished calls again', async () => {
    const out = join(dir, 'resumed.yaml')
    const engine = sourceEngine()
    const full = recorded(engine)
    const whole = join(dir, 'whole.yaml')
    expect(
      (await runKrs(['scenario', 'pull', '--members', '60', '--out', whole], { fetch: full.fetch, env })).code,
    ).toBe(0)
    // the network goes away after 25 calls
    const cut = 25
    let count = 0
    const failing = async (r: Request) => {
      if (++count > cut) throw new TypeError('fetch failed')
      return engine.handle(r)
    }
    const first = await runKrs(['scenario', 'pull', '--members', '60', '--out', out], { fetch: failing, env })
    expect(first.code).toBe(3)
    expect(existsSync(`${out}.pull-state.jsonl`)).toBe(true)
    const second = recorded(engine)
    const r = await runKrs(['scenario', 'pull', '--members', '60', '--resume', '--out', out], {
      fetch: second.fetch,
      env,
    })
    expect(r.code, r.stderr).toBe(0)
    expect(r.stderr).toContain(`${cut} calls finished by the previous run were not sent again`)
    expect(second.sent).toEqual(full.sent.slice(cut))
    expect(existsSync(`${out}.pull-state.jsonl`)).toBe(false)
    const strip = (text: string) => text.replace(/pulled_at: .*/, '')
    expect(strip(readFileSync(out, 'utf8'))).toEqual(strip(readFileSync(whole, 'utf8')))
  })

  it('takes -o <file> as the output file when it is no output format', async () => {
    const out = join(dir, 'by-o.json')
    const r = await runKrs(['scenario', 'pull', '-o', out], { fetch: recorded(sourceEngine()).fetch, env })
    expect(r.code, r.stderr).toBe(0)
    expect((JSON.parse(readFileSync(out, 'utf8')) as { environment: { name: string } }).environment.name).toBe(
      'ミラー元の株式会社',
    )
  })

  it('refuses a missing --out before any request', async () => {
    const rec = recorded(sourceEngine())
    const r = await runKrs(['scenario', 'pull'], { fetch: rec.fetch, env })
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('--out <file> (or -o <file>) names the file to write')
    expect((await runKrs(['scenario', 'pull', '-o', 'yaml'], { fetch: rec.fetch, env })).code).toBe(2)
    expect(rec.sent).toEqual([])
  })
})

interface Drift {
  on: boolean
}

/** A proxy in front of an engine that, when on, renames a key and changes a type in some answers. */
async function driftProxy(engine: Engine, drift: Drift): Promise<{ server: Server; url: string; sent: string[] }> {
  const sent: string[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks).toString('utf8')
        const op = /\/api\/v1\/([a-z_]+)$/.exec(req.url ?? '')?.[1] ?? ''
        sent.push(op)
        const answer = await engine.handle(
          new Request(`http://127.0.0.1${req.url}`, {
            method: req.method,
            headers: { authorization: req.headers.authorization ?? '', 'content-type': 'application/json' },
            body,
          }),
        )
        let text = await answer.text()
        if (drift.on && answer.status === 200) {
          const data = JSON.parse(text) as Record<string, unknown>[]
          if (op === 'get_member_tables') {
            const { title, ...rest } = data[0]!
            data[0] = { ...rest, name: title }
          }
          if (op === 'get_conditions' && (JSON.parse(body) as { member_table_id: number }).member_table_id === 1)
            data[1]!.id = String(data[1]!.id)
          text = JSON.stringify(data)
        }
        res.writeHead(answer.status, { 'content-type': 'application/json' })
        res.end(text)
      })()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sent }
}

describe('krs verify', () => {
  const drift: Drift = { on: false }
  const file = join(dir, 'verify-source.yaml')
  let proxy: Awaited<ReturnType<typeof driftProxy>>

  beforeAll(async () => {
    const source = sourceEngine()
    proxy = await driftProxy(source, drift)
    const r = await runKrs(['scenario', 'pull', '--out', file], { fetch: recorded(source).fetch, env })
    expect(r.code, r.stderr).toBe(0)
  })
  afterAll(() => new Promise<void>((resolve) => proxy.server.close(() => resolve())))

  const verifyArgs = () => [
    'verify',
    '--base-url',
    proxy.url,
    '--token',
    'krs-all',
    '--against-emulator',
    file,
    '-o',
    'json',
  ]

  it('reports nothing on an unmodified sweep (exit 0)', async () => {
    drift.on = false
    const r = await runKrs(verifyArgs(), { env: {} })
    expect(r.code, r.stderr).toBe(0)
    const report = JSON.parse(r.stdout) as { calls: number; differences: unknown[] }
    expect(report.differences).toEqual([])
    expect(report.calls).toBeGreaterThan(30)
  })

  it('reports exactly the injected rename and type change, with their pointers (exit 1)', async () => {
    drift.on = true
    const r = await runKrs(verifyArgs(), { env: {} })
    expect(r.code).toBe(1)
    const report = JSON.parse(r.stdout) as {
      differences: { operation: string; pointer: string; kind: string; actual: unknown; expected: unknown }[]
    }
    const places = new Set(report.differences.map((d) => `${d.operation} ${d.pointer}`))
    expect([...places].sort()).toEqual([
      'get_conditions /1/id',
      'get_member_tables /0/name',
      'get_member_tables /0/title',
    ])
    // the contract check and the comparison with the emulator both see them
    expect(report.differences).toContainEqual({
      operation: 'get_conditions',
      pointer: '/1/id',
      kind: 'type',
      actual: '2',
      expected: 2,
    })
    expect(report.differences).toContainEqual(
      expect.objectContaining({
        operation: 'get_member_tables',
        pointer: '/0/name',
        kind: 'extra-key',
        actual: '会員データベース',
      }),
    )
    expect(report.differences).toContainEqual(
      expect.objectContaining({
        operation: 'get_member_tables',
        pointer: '/0/title',
        kind: 'missing-key',
        expected: '会員データベース',
      }),
    )
    expect(report.differences.some((d) => d.kind === 'schema' && d.pointer === '/1/id')).toBe(true)
  })

  it('prints a text report by default', async () => {
    drift.on = true
    const r = await runKrs(['verify', '--base-url', proxy.url, '--token', 'krs-all', '--lang', 'en'], { env: {} })
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(/^get_conditions \/1\/id schema: "2" ≠ "type: must be integer"$/m)
    expect(r.stdout).toMatch(/difference\(s\) \(\d+ calls\)/)
  })

  it('sends read-only operations only, including the business-error probe', () => {
    expect(proxy.sent.length).toBeGreaterThan(30)
    for (const op of proxy.sent) {
      expect(readOnlyOperations as readonly string[]).toContain(op)
      expect(operations[op as keyof typeof operations].idempotent).toBe(true)
    }
  })
})

describe('compareShapes', () => {
  it('reports a change of string format and of nullability, not a change of value', async () => {
    const { compareShapes } = await import('@krs-kit/contract/compare')
    const real = [{ at: '2026-04-01 09:00:00', note: null, n: 1, mail: 'a@example.com' }]
    expect(compareShapes('op', real, [{ at: '2025-01-02 03:04:05', note: null, n: 7, mail: 'b@example.com' }])).toEqual(
      [],
    )
    expect(compareShapes('op', real, [{ at: '2026-04-01', note: 'x', n: 1, mail: 'a@example.com' }])).toEqual([
      { operation: 'op', pointer: '/0/at', kind: 'format', actual: '2026-04-01 09:00:00', expected: '2026-04-01' },
      { operation: 'op', pointer: '/0/note', kind: 'type', actual: null, expected: 'x' },
    ])
    expect(compareShapes('op', { 'a/b': 1 }, {})).toEqual([
      { operation: 'op', pointer: '/a~1b', kind: 'extra-key', actual: 1, expected: undefined },
    ])
  })
})
