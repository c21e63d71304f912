import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { createAjv } from '../src/engine/ajv.js'
import { createEngine, tokensByName, type Engine } from '../src/index.js'

// Every admin answer must match spec/admin.openapi.yaml (the documentation scripts read).
const specPath = fileURLToPath(new URL('../../spec/admin.openapi.yaml', import.meta.url))
const spec = parseYaml(readFileSync(specPath, 'utf8')) as {
  paths: Record<string, Record<string, { responses: Record<string, { $ref?: string; content?: { 'application/json': { schema: object } } }> }>>
  components: { responses: Record<string, { content: { 'application/json': { schema: object } } }> }
}
const ajv = createAjv()
ajv.addSchema({ ...spec, $id: 'admin' } as object, 'admin')

function schemaOf(path: string, method: string, status: number): object {
  const op = spec.paths[path]?.[method.toLowerCase()]
  if (!op) throw new Error(`${method} ${path} is not documented`)
  const res = op.responses[String(status)]
  if (!res) throw new Error(`${method} ${path} ${status} is not documented`)
  const resolved = res.$ref ? spec.components.responses[res.$ref.split('/').pop()!]! : res
  return resolved.content!['application/json'].schema
}

function rewriteRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rewriteRefs)
  if (schema && typeof schema === 'object') {
    return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? `admin${v}` : rewriteRefs(v)]))
  }
  return schema
}

async function expectDocumented(engine: Engine, method: string, route: string, body?: unknown, token?: string): Promise<unknown> {
  const init: RequestInit = { method, headers: token ? { authorization: `Bearer ${token}` } : {} }
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
    await engine.handle(new Request('http://krs.test/api/v1/get_version', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }))
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
})
