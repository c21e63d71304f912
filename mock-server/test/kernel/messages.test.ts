import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { createEngine, type Engine } from '../../src/index.js'
import { messageCatalogue } from '../../src/kernel/message-catalogue.js'
import { type MessageId, msg, pickLanguage, placeholdersOf, renderMessage } from '../../src/kernel/messages.js'

const ids = Object.keys(messageCatalogue) as MessageId[]
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/
/** Templates that are only placeholders, or that the service itself words in Japanese. */
const SAME_IN_BOTH: MessageId[] = [
  'element_errors',
  'lookup_value_invalid',
  'form_member_info_invalid',
  'condition_clause_invalid',
  'body_value_invalid',
  'form_no_password_element',
  'family_type',
]

describe('the message catalogue', () => {
  it('has an English and a Japanese template for every id, with the same placeholders', () => {
    for (const id of ids) {
      const { en, ja } = messageCatalogue[id]
      expect(en.trim(), id).not.toBe('')
      expect(ja.trim(), id).not.toBe('')
      expect(placeholdersOf(ja).sort(), id).toEqual(placeholdersOf(en).sort())
      if (SAME_IN_BOTH.includes(id)) continue
      expect(ja, id).not.toBe(en)
      expect(ja, `${id}: ${ja}`).toMatch(JAPANESE)
    }
  })

  it('renders a nested message in the same language', () => {
    const m = msg('form_wrong_kind', { form_id: 3, type: 'regist', rule: msg('kind_no_auth_on_registration') })
    expect(renderMessage(m, 'en')).toBe(
      'form 3 is a regist form; members cannot authenticate against a registration form',
    )
    expect(renderMessage(m, 'ja')).toBe('フォーム 3 は regist フォームです。登録フォームでは会員の認証はできません')
  })
})

describe('pickLanguage (Accept-Language)', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['ja', 'ja'],
    ['ja-JP', 'ja'],
    ['JA-jp,ja;q=0.9', 'ja'],
    ['en-US,en;q=0.9,ja;q=0.8', 'en'],
    ['fr-FR, ja;q=0.3', 'ja'],
    ['en;q=0.4, ja;q=0.6', 'ja'],
    ['ja;q=0.5, en;q=0.8', 'en'],
    ['ja;q=0', 'en'],
    ['ja;q=0.5, en', 'en'],
    ['*', 'en'],
    ['de, fr', 'en'],
    ['ja;q=abc', 'en'],
  ] as const)('%j → %s', (header, lang) => {
    expect(pickLanguage(header)).toBe(lang)
  })
})

/** Every `new KrsError(code, detail)` of the emulator's domains gives a catalogued message. */
describe('the domains', () => {
  it('throw no detail text without a message id', () => {
    const root = join(import.meta.dirname, '../../src/domains')
    const files: string[] = []
    const walk = (dir: string): void => {
      for (const n of readdirSync(dir)) {
        const p = join(dir, n)
        if (statSync(p).isDirectory()) walk(p)
        else if (p.endsWith('.ts')) files.push(p)
      }
    }
    walk(root)
    const bare: string[] = []
    for (const f of files) {
      const sf = ts.createSourceFile(f, readFileSync(f, 'utf8'), ts.ScriptTarget.Latest, true)
      const visit = (n: ts.Node): void => {
        if (ts.isNewExpression(n) && n.expression.getText(sf) === 'KrsError' && (n.arguments?.length ?? 0) >= 2) {
          const detail = n.arguments![1]!
          if (!(ts.isCallExpression(detail) && detail.expression.getText(sf) === 'msg'))
            bare.push(`${f.slice(root.length)}:${sf.getLineAndCharacterOfPosition(detail.getStart(sf)).line + 1}`)
        }
        ts.forEachChild(n, visit)
      }
      visit(sf)
    }
    expect(bare).toEqual([])
  })
})

/** A template as a pattern that matches its rendering with any parameters. */
function templatePattern(template: string): RegExp {
  const parts = template.split(/\{[a-z_]+\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  return new RegExp(`^${parts.join('[^]*?')}$`)
}

const START = 1_767_225_600

async function call(engine: Engine, op: string, body: unknown, headers: Record<string, string>) {
  const res = await engine.handle(
    new Request(`http://krs.test/api/v1/${op}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
  )
  return (await res.json()) as { error_code?: string; message?: string }
}

const mail = { type: 1, from: 'info@example.com', subject: 'お知らせ', text_part: '本文\n' }

/** Refusals across the domains and the door's own checks. */
const sweep: [op: string, body: unknown, token?: string | null][] = [
  ['get_member_info', { member_table_id: 1, member_id: 999999 }],
  ['get_member_info', { member_table_id: 99, member_id: 1 }],
  ['get_member_info', { member_table_id: 'x', member_id: 1 }],
  ['get_member_info', { member_table_id: 1 }],
  ['get_member_info', { member_table_id: 1, member_id: 1, extra: 1 }],
  ['get_member_info', { member_table_id: 1, member_id: 1 }, null],
  ['add_mail_message', { member_table_id: 1, mail_info: { ...mail, type: 3 } }],
  ['add_mail_message', { member_table_id: 1, mail_info: { ...mail, subject: 'ｾｰﾙ' } }],
  ['add_mail_message', { member_table_id: 1, mail_info: { ...mail, text_part: 'x'.repeat(999) } }],
  ['add_mail_message', { member_table_id: 1, mail_info: { ...mail, text_part: '{{unsubscribe_url}}' } }],
  ['delete_condition', { condition_id: 99999 }],
  ['cancel_delivery_schedule', { delivery_id: 99999 }],
  ['get_delivery_status', { delivery_id: 99999 }],
  ['delete_agent_program', { agent_program_id: 99999 }],
  ['search_addresses_by_zip', { zip: '12-34' }],
  ['get_batch_job_status', { batch_job_id: 99999 }],
  ['get_member_form_elements', { form_id: 99999 }],
  [
    'get_members_num_by_oneshot_condition',
    { member_table_id: 1, condition_info: { grouping: true, conditions: { e_99999: [1, {}] } } },
  ],
  [
    'get_members_num_by_oneshot_condition',
    { member_table_id: 1, condition_info: { grouping: true, conditions: { e_1: [999, {}] } } },
  ],
  ['get_member_infos_by_condition', { member_table_id: 1, condition_id: 99999, offset: 0, sort_key: 0, order: true }],
]

describe('a sweep of refusals', () => {
  it('answers in English by default, every detail from the catalogue, and in Japanese for Accept-Language: ja', async () => {
    const engine = createEngine({ members: 5, clock: { mode: 'manual', now: START } })
    const patterns = ids.map((id) => [id, templatePattern(messageCatalogue[id].en)] as const)
    const seen: string[] = []
    for (const [op, body, token] of sweep) {
      const auth: Record<string, string> = token === null ? {} : { authorization: `Bearer ${token ?? 'krs-all'}` }
      const en = await call(engine, op, body, auth)
      const ja = await call(engine, op, body, { ...auth, 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.8' })
      expect(en.error_code, `${op} ${JSON.stringify(body)}`).toMatch(/^KR/)
      expect(ja.error_code).toBe(en.error_code)
      const detail = en.message ?? ''
      seen.push(`${op}: ${detail} | ${ja.message}`)
      expect(
        patterns.some(([, p]) => p.test(detail)),
        `no catalogue entry produces ${JSON.stringify(detail)}`,
      ).toBe(true)
      expect(ja.message, `${op}: ${ja.message}`).toMatch(JAPANESE)
      expect(ja.message).not.toBe(detail)
    }
    expect(seen).toHaveLength(sweep.length)
  })

  it('keeps the English detail of before for a request without the header', async () => {
    const engine = createEngine({ members: 5, clock: { mode: 'manual', now: START } })
    const r = await call(
      engine,
      'get_member_info',
      { member_table_id: 1, member_id: 999999 },
      { authorization: 'Bearer krs-all' },
    )
    expect(r.message).toBe('member_id 999999: no such member in member table 1')
    const ja = await call(
      engine,
      'get_member_info',
      { member_table_id: 1, member_id: 999999 },
      {
        authorization: 'Bearer krs-all',
        'accept-language': 'ja',
      },
    )
    expect(ja.message).toBe('member_id 999999: 会員テーブル 1 にその会員はいません')
  })
})

/**
 * Refusals made before a body is read or parsed (method, API name or path, media type, size,
 * UTF-8, JSON): in every door, from the catalogue, Japanese for `Accept-Language: ja`.
 */
describe('refusals at the door', () => {
  const patterns = ids.map((id) => templatePattern(messageCatalogue[id].en))
  const auth = { authorization: 'Bearer krs-all' }
  const json = { 'content-type': 'application/json' }
  /** method, path, headers, body, status, and the English detail of before. */
  const cases: [string, string, Record<string, string>, BodyInit | undefined, number, string | RegExp][] = [
    ['GET', '/api/v1/get_version', {}, undefined, 405, 'GET is not allowed; every API is called with POST'],
    ['POST', '/api/v1/no_such_api', json, '{}', 404, 'unknown API name "no_such_api"'],
    [
      'POST',
      '/api/v1/get_version',
      { 'content-type': 'text/plain' },
      '{}',
      415,
      /^Content-Type text\/plain.* is not application\/json$/,
    ],
    [
      'POST',
      '/api/v1/add_member',
      { ...json, ...auth },
      '{"member_table_id": 1,',
      400,
      /^the body is not valid JSON: /,
    ],
    [
      'POST',
      '/api/v1/add_member',
      { ...json, ...auth },
      new Uint8Array([0x7b, 0xff, 0x7d]),
      400,
      'the body is not valid UTF-8',
    ],
    [
      'POST',
      '/api/v1/add_member',
      { ...json, ...auth },
      `{"pad":"${'x'.repeat(2000)}"}`,
      413,
      'the body must be at most 1000 bytes',
    ],
  ]

  async function answers(
    fetchOne: (
      method: string,
      path: string,
      headers: Record<string, string>,
      body: BodyInit | undefined,
    ) => Promise<Response>,
    extra: typeof cases,
    common = true,
  ) {
    for (const [method, path, headers, body, status, before] of [...(common ? cases : []), ...extra]) {
      const what = `${method} ${path} ${status}`
      const en = await fetchOne(method, path, headers, body)
      const enBody = (await en.json()) as { message?: string }
      const ja = await fetchOne(method, path, { ...headers, 'accept-language': 'ja-JP,ja;q=0.9' }, body)
      const jaBody = (await ja.json()) as { message?: string }
      expect(en.status, what).toBe(status)
      expect(ja.status, what).toBe(status)
      const detail = enBody.message ?? ''
      if (typeof before === 'string') expect(detail, what).toBe(before)
      else expect(detail, what).toMatch(before)
      expect(
        patterns.some((p) => p.test(detail)),
        `no catalogue entry produces ${JSON.stringify(detail)}`,
      ).toBe(true)
      expect(jaBody.message, `${what}: ${jaBody.message}`).toMatch(JAPANESE)
    }
  }

  it('in process (the MSW and fetch doors run the engine this way)', async () => {
    const engine = createEngine({ members: 5, clock: { mode: 'manual', now: START }, maxBodyBytes: 1000 })
    await answers(
      (method, path, headers, body) =>
        Promise.resolve(engine.handle(new Request(`http://krs.test${path}`, { method, headers, body }))),
      [['POST', '/nowhere', json, '{}', 404, 'no API at /nowhere; call POST /api/v1/{api_name}']],
    )
  })

  it('at the Node door, the static site door and the body reader included', async () => {
    const { mkdtemp, rm } = await import('node:fs/promises')
    const { tmpdir } = await import('node:os')
    const { startNodeServer } = await import('../../src/node/index.js')
    const site = await mkdtemp(join(tmpdir(), 'krs-door-messages-'))
    const server = await startNodeServer(createEngine({ members: 5, clock: { mode: 'manual', now: START } }), {
      port: 0,
      host: '127.0.0.1',
      staticDir: site,
      maxBodyBytes: 1000,
    })
    try {
      await answers(
        (method, path, headers, body) => fetch(`${server.url}${path}`, { method, headers, body }),
        [['GET', '/nowhere', { accept: 'application/json' }, undefined, 404, 'no file or API at /nowhere']],
      )
      // a body over its operation's bound (from the contract) is refused from Content-Length, unread
      const bounded = await startNodeServer(createEngine({ members: 5 }), { port: 0, host: '127.0.0.1' })
      try {
        const body = JSON.stringify({ member_table_id: 1, member_id: 1, pad: 'x'.repeat(1024 * 1024) })
        await answers(
          (method, path, headers) => fetch(`${bounded.url}${path}`, { method, headers, body }),
          [
            [
              'POST',
              '/api/v1/get_member_info',
              { ...json, ...auth },
              body,
              413,
              /^the body of get_member_info must be at most \d+ bytes \(no valid get_member_info request is longer\)$/,
            ],
          ],
          false,
        )
      } finally {
        await bounded.close()
      }
    } finally {
      await server.close()
      await rm(site, { recursive: true, force: true })
    }
  })
})
