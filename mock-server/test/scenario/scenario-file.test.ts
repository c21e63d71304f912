import { parseScenario } from '../../src/emulator.js'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stringify as stringifyYaml } from 'yaml'
import { createEngine } from '../../src/index.js'
import { runCli, type RunningCli } from '../../src/program/index.js'
import { defaultScenario, ScenarioError } from '../../src/scenario/index.js'

const START = 1_767_225_600

/** The default scenario with mail, forms and batch sections of its own. */
function customScenario(): Record<string, unknown> {
  return {
    ...defaultScenario(),
    forms: [
      {
        id: 70,
        member_table_id: 1,
        form_type: 'api',
        type: 'regist',
        title: 'キャンペーン応募フォーム',
        carriers: ['other', 'iphone'],
        elements: [
          { id: 700, element_id: 4, title: 'メール', requirement: 1 },
          { id: 701, element_id: 6, title: 'お名前', requirement: 1 },
        ],
        webhook: { url: 'https://hooks.example.com/campaign' },
      },
    ],
    columnSets: [{ id: 9, member_table_id: 1, title: 'メールと氏名', columns: ['id', 'e_4', 'e_6'], download: true }],
    postedImages: {
      url_expire_seconds: 600,
      albums: [{ id: 5, member_table_id: 1, title: '応募写真' }],
      images: [
        {
          id: 1,
          member_table_id: 1,
          member_id: 2,
          album_id: 5,
          file_name: 'a.png',
          mime_type: 'image/png',
          size: 10,
          date: '2025-12-31 10:00:00',
        },
      ],
    },
    delivery: {
      error_rate: 0,
      bounces: [{ match: '@i.softbank.jp', code: '5.7.1', desc: '受信拒否' }],
      unsubscribed: [],
      stopped: [],
      timing: {
        list_base_seconds: 5,
        list_seconds_per_1000: 0,
        handover_base_seconds: 5,
        handover_seconds_per_1000: 0,
      },
    },
    extensions: { services: { batch: { base_seconds: 1, seconds_per_1000_rows: 0 } }, notes: 'free key' },
  }
}

describe('a scenario file with mail, forms and batch sections, through the Node door (krs-mock --scenario)', () => {
  let dir: string
  let running: RunningCli
  let url: string
  const call = async <T>(op: string, body: unknown): Promise<T> => {
    const res = await fetch(`${url}/api/v1/${op}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer krs-all' },
      body: JSON.stringify(body),
    })
    const text = await res.text()
    if (res.status !== 200) throw new Error(`${op}: ${res.status} ${text}`)
    return (res.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : text) as T
  }
  const advance = (s: number) =>
    fetch(`${url}/__mock/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_seconds: s }),
    })

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'krs-scenario-'))
    const file = join(dir, 'scenario.yaml')
    await writeFile(file, stringifyYaml(customScenario()))
    let out = ''
    const r = await runCli(['--scenario', file, '--port', '0', '--quiet', '--clock', 'manual', '--members', '40'], {
      out: (t) => {
        out += t
      },
      err: (t) => {
        out += t
      },
    })
    running = r!
    url = running.server.url
    expect(out).toContain('listening on')
  })
  afterAll(async () => {
    await running?.shutdown()
    await rm(dir, { recursive: true, force: true })
  })

  it('serves the scenario forms instead of the defaults', async () => {
    const forms = await call<{ id: number; title: string }[]>('get_member_forms', { member_table_id: 1 })
    expect(forms.map((f) => [f.id, f.title])).toEqual([[70, 'キャンペーン応募フォーム']])
    const els = await call<{ id: number }[]>('get_member_form_elements', { form_id: 70 })
    expect(els.map((e) => e.id)).toEqual([700, 701])
  })

  it('exports with the scenario column set and its batch timing', async () => {
    const id = await call<number>('export_members', { member_table_id: 1, condition_id: 1, columnset_id: 9 })
    await advance(1)
    const text = await call<string>('get_batch_job_result', { batch_job_id: id })
    expect(text.split('\n')[0]).toBe('id,e_4,e_6')
    expect(text.trim().split('\n')).toHaveLength(41)
  })

  it('serves the scenario posted images', async () => {
    const img = await call<Record<string, Record<string, unknown[]>>>('get_posted_image_urls', {
      member_table_id: 1,
      member_id: 2,
    })
    expect(Object.keys(img['2']!)).toEqual(['5'])
  })

  it('bounces the scenario bounce list in a delivery, with its code', async () => {
    const members: { id: number; e_4: string }[] = []
    for (let offset = 0; ; offset += 50) {
      const page = await call<{ id: number; e_4: string }[]>('get_member_infos_by_condition', {
        member_table_id: 1,
        condition_id: 1,
        offset,
        sort_key: 0,
        order: true,
      })
      members.push(...page)
      if (page.length < 50) break
    }
    const softbank = members.filter((m) => m.e_4.endsWith('@i.softbank.jp')).map((m) => m.id)
    expect(softbank.length).toBeGreaterThan(0)
    const clock = (await (await fetch(`${url}/__mock/clock`)).json()) as { now: number }
    const msg = await call<number>('add_mail_message', {
      member_table_id: 1,
      mail_info: { type: 1, from: 'info@example.com', subject: 'お知らせ', text_part: '本文\n' },
    })
    const id = await call<number>('add_delivery_schedule', {
      mail_message_id: msg,
      delivery_info: { title: 't', condition_id: 1, element_id: 4, delivery_date: clock.now + 60, blacklist: true },
    })
    await advance(3600)
    const errors = await call<{ member_id: number }[]>('get_addresses_for_delivery', {
      delivery_id: id,
      type: 'error',
      offset: 0,
    })
    expect(errors.map((e) => e.member_id).sort((a, b) => a - b)).toEqual(softbank)
    const summary = await call<unknown>('get_summary_for_delivery_status', { delivery_id: id })
    expect(JSON.stringify(summary)).toContain('5.7.1')
  })
})

describe('scenario sections on the tenant', () => {
  it("the scenario schema checks the domains' sections, naming the bad key", () => {
    expect(() => parseScenario({ ...defaultScenario(), delivery: { error_rate: 2 } })).toThrow(/delivery\.error_rate/)
    expect(() => parseScenario({ ...defaultScenario(), delivery: { typo: 1 } })).toThrow(ScenarioError)
    expect(() => parseScenario({ ...defaultScenario(), forms: [{ id: 1, member_table_id: 1, type: 'nope' }] })).toThrow(
      /forms\[0\]\.type/,
    )
    expect(() => parseScenario({ ...defaultScenario(), columnSets: [{ id: 1 }] })).toThrow(/columnSets\[0\]\.id/)
    expect(() => parseScenario({ ...defaultScenario(), extensions: { services: { zip_not_ready: 'yes' } } })).toThrow(
      /extensions\.services\.zip_not_ready/,
    )
    expect(parseScenario(customScenario()).forms).toHaveLength(1)
  })

  it('the default scenario is valid and carries a delivery section', () => {
    const s = parseScenario(defaultScenario())
    expect(s.delivery).toMatchObject({ error_rate: 0.01 })
    const engine = createEngine({ clock: { mode: 'manual', now: START } })
    expect(engine.defaultTenant.state.scenario?.delivery).toEqual(s.delivery)
  })

  it('a delivery on the default tenant shows stopped, unsubscribed and error counts', async () => {
    const engine = createEngine({ clock: { mode: 'manual', now: START } })
    const call = async <T>(op: string, body: unknown): Promise<T> => {
      const res = await engine.handle(
        new Request(`http://krs.test/api/v1/${op}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer krs-all' },
          body: JSON.stringify(body),
        }),
      )
      expect(res.status).toBe(200)
      return (await res.json()) as T
    }
    const msg = await call<number>('add_mail_message', {
      member_table_id: 1,
      mail_info: { type: 1, from: 'info@example.com', subject: '1月号', text_part: '本文\n' },
    })
    const id = await call<number>('add_delivery_schedule', {
      mail_message_id: msg,
      delivery_info: { title: '1月号', condition_id: 1, element_id: 4, delivery_date: START + 60, blacklist: true },
    })
    engine.defaultTenant.scheduler.advanceTo(START + 7200)
    const r = await call<{ count_info: Record<string, number> }>('get_delivery_result', { delivery_id: id })
    expect(r.count_info).toMatchObject({ all: 1000, stopped: 2, unsubscribed_address: 3 })
    // pdx.ne.jp members, the listed address and about 1% of the rest
    expect(r.count_info.error).toBeGreaterThan(10)
    expect(r.count_info.error).toBeLessThan(60)
  })

  it('keeps the sections through snapshot export/import and reset', async () => {
    const engine = createEngine({ members: 5, clock: { mode: 'manual', now: START } })
    const t = engine.createTenant({ scenario: customScenario() })
    const sections = structuredClone(t.state.scenario)
    expect(sections?.forms).toHaveLength(1)
    const snap = JSON.parse(JSON.stringify(engine.exportTenant(t))) as { state: { extra: Record<string, unknown> } }
    engine.deleteTenant(t)
    const other = engine.createTenant({})
    expect(other.state.scenario?.forms).toBeUndefined()
    engine.importTenant(other, snap)
    expect(other.state.scenario).toEqual(sections)
    // a snapshot made before the state kept its sections takes them from the envelope
    engine.resetTenant(other, { scenario: defaultScenario() })
    expect(other.state.scenario?.forms).toBeUndefined()
    const old = structuredClone(snap)
    delete old.state.extra.scenario
    engine.importTenant(other, old)
    expect(other.state.scenario).toEqual(sections)
    ;(other.state as { forms?: unknown }).forms = undefined
    engine.resetTenant(other)
    expect(other.state.scenario).toEqual(sections)
    // reset builds every section again, from the kept scenario sections
    const formsOfState = (s: typeof other.state) => s.forms
    expect(Object.keys(formsOfState(other.state)?.forms ?? {})).toHaveLength(1)
    expect(engine.exportTenant(other).scenario).toMatchObject({ forms: sections?.forms })
  })
})
