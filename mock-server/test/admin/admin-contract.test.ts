import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { createAjv } from '@krs-kit/contract/ajv'
import { createEngine, tokensByName, type Engine } from '../../src/index.js'

// Every admin answer must match spec/admin.openapi.yaml (the documentation scripts read).
const specPath = fileURLToPath(new URL('../../../spec/admin.openapi.yaml', import.meta.url))
const spec = parseYaml(readFileSync(specPath, 'utf8')) as {
  paths: Record<
    string,
    Record<
      string,
      { responses: Record<string, { $ref?: string; content?: { 'application/json': { schema: object } } }> }
    >
  >
  components: { responses: Record<string, { content: { 'application/json': { schema: object } } }> }
}
const ajv = createAjv()
ajv.addSchema({ ...spec, $id: 'admin' } as object, 'admin')

/** The documented path of a concrete one (`/__mock/click/3/5` → `/__mock/click/{clickcount_id}/{member_id}`). */
function templateOf(path: string): string {
  if (spec.paths[path]) return path
  const found = Object.keys(spec.paths).find((p) => new RegExp(`^${p.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path))
  if (!found) throw new Error(`${path} is not documented`)
  return found
}

function schemaOf(path: string, method: string, status: number): object {
  const op = spec.paths[templateOf(path)]?.[method.toLowerCase()]
  if (!op) throw new Error(`${method} ${path} is not documented`)
  const res = op.responses[String(status)]
  if (!res) throw new Error(`${method} ${path} ${status} is not documented`)
  const resolved = res.$ref ? spec.components.responses[res.$ref.split('/').pop()!]! : res
  return resolved.content!['application/json'].schema
}

function rewriteRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rewriteRefs)
  if (schema && typeof schema === 'object') {
    return Object.fromEntries(
      Object.entries(schema).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? `admin${v}` : rewriteRefs(v)]),
    )
  }
  return schema
}

async function expectDocumented(
  engine: Engine,
  method: string,
  route: string,
  body?: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<unknown> {
  const init: RequestInit = { method, headers: token ? { authorization: `Bearer ${token}`, ...headers } : headers }
  if (body !== undefined) init.body = JSON.stringify(body)
  const res = await engine.handle(new Request(`http://krs.test/__mock/${route}`, init))
  const json: unknown = await res.json()
  const validate = ajv.compile(rewriteRefs(schemaOf(`/__mock/${route.split('?')[0]}`, method, res.status)) as object)
  expect(validate(json), `${method} /__mock/${route} ${res.status}: ${JSON.stringify(validate.errors)}`).toBe(true)
  return json
}

describe('admin API matches spec/admin.openapi.yaml', () => {
  it('every route, success and error answers', async () => {
    const engine = createEngine({ members: 10, clock: { mode: 'manual', now: 1_767_225_600 } })
    await engine.handle(
      new Request('http://krs.test/api/v1/get_version', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    )
    await expectDocumented(engine, 'GET', 'clock')
    await expectDocumented(engine, 'POST', 'clock', { advance_seconds: 10 })
    await expectDocumented(engine, 'POST', 'clock', { advance_seconds: 'x' })
    await expectDocumented(engine, 'GET', 'journal')
    await expectDocumented(engine, 'GET', 'journal?operation=get_version&limit=1')
    await expectDocumented(engine, 'DELETE', 'journal')
    await expectDocumented(engine, 'POST', 'faults', { operation: 'get_version', status: 503, count: 2 })
    await expectDocumented(engine, 'GET', 'faults')
    await expectDocumented(engine, 'POST', 'faults', { clear: true })
    await expectDocumented(engine, 'POST', 'faults', { operation: 'x' })
    await expectDocumented(engine, 'GET', 'scenario')
    const snap = await expectDocumented(engine, 'GET', 'snapshot')
    await expectDocumented(engine, 'PUT', 'snapshot', snap)
    await expectDocumented(engine, 'PUT', 'snapshot', { format: 'nope' })
    const created = (await expectDocumented(engine, 'POST', 'tenants', {})) as { tokens: Record<string, string> }
    const token = created.tokens['krs-all']!
    expect(tokensByName(engine.tenants()[1]!)['krs-all']).toBe(token)
    await expectDocumented(engine, 'GET', 'tenants')
    await expectDocumented(engine, 'PUT', 'snapshot', snap, token) // 409 token_taken
    await expectDocumented(engine, 'GET', 'clock', undefined, 'unknown-token')
    await expectDocumented(engine, 'POST', 'reset', {})
    await expectDocumented(engine, 'POST', 'reset', { scenario: 1 })
    await expectDocumented(engine, 'DELETE', 'tenants', undefined, token)
    await expectDocumented(engine, 'DELETE', 'tenants')
  })

  it('the mail and forms routes: outbox, events, tracking, one-click check, form outbox', async () => {
    const engine = createEngine({ members: 10, clock: { mode: 'manual', now: 1_767_225_600 } })
    const call = async (op: string, body: unknown): Promise<unknown> => {
      const res = await engine.handle(
        new Request(`http://krs.test/api/v1/${op}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer krs-all' },
          body: JSON.stringify(body),
        }),
      )
      expect(res.status).toBe(200)
      return res.json()
    }
    const msg = await call('add_mail_message', {
      member_table_id: 1,
      mail_info: {
        type: 3,
        from: 'info@example.com',
        subject: 's',
        text_part: 'https://www.example.com/a/\n',
        html_part: '<p>x</p>',
        clickcounts: [{ url: 'https://www.example.com/a/', days: 7, outdated_url: '' }],
        open_clickcount: true,
        list_unsubscribe: { pattern: 1 },
      },
    })
    const id = (await call('add_delivery_schedule', {
      mail_message_id: msg,
      delivery_info: { title: 't', condition_id: 1, element_id: 4, delivery_date: 1_767_225_660, blacklist: true },
    })) as number
    await expectDocumented(engine, 'GET', `outbox?delivery_id=${id}`) // phase 0: empty
    await expectDocumented(engine, 'POST', 'events', { type: 'open', delivery_id: id, member_id: 1 }) // 409
    await expectDocumented(engine, 'POST', 'clock', { advance_seconds: 3600 })
    const box = (await expectDocumented(engine, 'GET', `outbox?delivery_id=${id}&limit=3`)) as {
      mails: { member_id: number }[]
    }
    const member = box.mails[0]!.member_id
    await expectDocumented(engine, 'GET', 'outbox')
    await expectDocumented(engine, 'GET', 'outbox?delivery_id=999')
    const clickId = ((await call('get_click_counts_for_delivery', { delivery_id: id })) as { id: number }[])[0]!.id
    await expectDocumented(engine, 'POST', 'events', {
      type: 'click',
      delivery_id: id,
      member_id: member,
      clickcount_id: clickId,
    })
    await expectDocumented(engine, 'POST', 'events', {
      type: 'bounce',
      delivery_id: id,
      member_id: box.mails[1]!.member_id,
      code: '5.1.1',
    })
    await expectDocumented(engine, 'POST', 'events', { type: 'unsubscribe', address: 'a@example.com' })
    await expectDocumented(engine, 'POST', 'events', { type: 'nope' })
    await expectDocumented(engine, 'POST', 'events', { type: 'open', delivery_id: 999, member_id: 1 })
    await expectDocumented(engine, 'GET', `click/${clickId}/${member}`, undefined, undefined, {
      accept: 'application/json',
    })
    const url = (await call('get_oneclick_login_url', { member_form_id: 22, member_id: 3, limit: 1 })) as string
    await expectDocumented(engine, 'GET', `oneclick?url=${encodeURIComponent(url)}`)
    await expectDocumented(engine, 'GET', 'oneclick?url=x')
    await expectDocumented(engine, 'GET', 'oneclick')
    await call('do_member_form_action', { member_form_id: 50, member_id: 3, member_info: {} })
    await expectDocumented(engine, 'GET', 'forms/outbox')
    await expectDocumented(engine, 'GET', 'forms/outbox?after_id=-1')
    await expectDocumented(engine, 'DELETE', 'forms/outbox')
  })
})
