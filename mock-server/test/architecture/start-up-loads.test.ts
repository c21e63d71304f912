import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// What a test file pays for on its first answer is what it loads: the request validators are
// compiled ahead of time, so answering a call whose body passes loads neither Ajv nor
// ajv-formats (about 50 ms of CommonJS files on this machine). Each case runs in a fresh Node
// process (the modules of this worker are shared with other test files), from the sources
// through tsx, and lists the CommonJS packages Node loaded, by name.

const pkg = fileURLToPath(new URL('../..', import.meta.url))
const tsx = createRequire(import.meta.url).resolve('tsx')

const call = `{
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: 'Bearer krs-all' },
  body: '{}',
}`

/** The packages under node_modules in Node's CommonJS cache after `code` ran, as `{ label: names }`. */
function loadedAfter(code: string): Record<string, string[]> {
  const script = `import { createRequire } from 'node:module'
const loaded = () => [...new Set(Object.keys(createRequire(import.meta.url).cache)
  .map((f) => /node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(f)?.[1])
  .filter((n) => n !== undefined && n !== 'tsx' && n !== 'esbuild' && n !== 'get-tsconfig' && n !== 'resolve-pkg-maps'))].sort()
const out = {}
${code}
console.log(JSON.stringify(out))`
  const r = spawnSync(process.execPath, ['--import', tsx, '--input-type=module', '-e', script], {
    cwd: pkg,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production', KRS_MOCK_VALIDATE_RESPONSES: '0' },
  })
  if (r.status !== 0) throw new Error(`the probe failed (exit ${r.status}): ${r.stderr}`)
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as Record<string, string[]>
}

describe('start-up: what the first answer loads', () => {
  it('createEngine() and a first answer load no Ajv; a scenario to check does (the probe sees it)', () => {
    const out = loadedAfter(`const { createEngine } = await import('./src/index.ts')
const engine = createEngine()
const r = await engine.handle(new Request('http://127.0.0.1/api/v1/get_member_tables', ${call}))
if (r.status !== 200) throw new Error('answered ' + r.status)
out.firstAnswer = loaded()
const bad = await engine.handle(new Request('http://127.0.0.1/api/v1/get_member_tables', { ...${call}, body: '{"x":1}' }))
out.refusedBody = loaded()
out.refusedStatus = [String(bad.status)]
// refused inside a oneOf: the report of the alternative meant needs every error, so the
// registry's schema and Ajv are loaded then (asynchronously: nothing had them yet)
const weekly = await engine.handle(new Request('http://127.0.0.1/api/v1/add_agent_program', { ...${call}, body: JSON.stringify({
  mail_message_id: 1,
  program_info: { title: 't', condition_id: 1, element_id: 4, delivery_time_info: { type: 2, hour: 9, min: 0 } },
}) }))
out.oneOf = [String(weekly.status), (await weekly.json()).message]
out.afterOneOf = loaded()
createEngine({ scenario: { extends: 'default' } })
out.scenario = loaded()`)
    expect(out.firstAnswer).not.toContain('ajv')
    expect(out.firstAnswer).not.toContain('ajv-formats')
    // a body refused outside a oneOf/anyOf is reported from the compiled validator alone
    expect(out.refusedStatus).toEqual(['400'])
    expect(out.refusedBody).not.toContain('ajv')
    expect(out.oneOf).toEqual(['400', '/program_info/delivery_time_info/day_of_week is required (required)'])
    expect(out.afterOneOf).toContain('ajv')
    expect(out.scenario).toContain('ajv')
    expect(out.scenario).toContain('ajv-formats')
  })

  it('an engine that checks its answers (Vitest’s NODE_ENV=test) loads no Ajv for a first answer that matches', () => {
    const out = loadedAfter(`const { createEngine } = await import('./src/index.ts')
const engine = createEngine({ validateResponses: true })
const r = await engine.handle(new Request('http://127.0.0.1/api/v1/get_member_tables', ${call}))
out.status = [String(r.status)]
out.firstAnswer = loaded()`)
    expect(out.status).toEqual(['200'])
    expect(out.firstAnswer).not.toContain('ajv')
  })

  it('an engine that checks its answers replays logged writes before any request (it loads the validators first)', () => {
    const out = loadedAfter(`const { createEngine } = await import('./src/index.ts')
const records = []
const writer = createEngine({ validateResponses: false, clock: { mode: 'manual', now: 1775000000 },
  persistence: { onWrite: async (r) => { records.push(r) }, onAdminChange: async () => {} } })
const added = await writer.handle(new Request('http://127.0.0.1/api/v1/lock_database', { ...${call}, body: '{"member_table_id":1}' }))
out.written = [String(added.status), String(records.length)]
out.beforeReplay = loaded()
const replayer = createEngine({ validateResponses: true, clock: { mode: 'manual', now: 1775000000 } })
const report = await replayer.replayWrites(records)
out.report = [String(report.replayed), JSON.stringify(report.failed)]`)
    expect(out.written).toEqual(['200', '1'])
    expect(out.beforeReplay).not.toContain('ajv')
    expect(out.report).toEqual(['1', '[]'])
  })

  it('the MSW door: createMockHandlers() and a first answer through setupServer load no Ajv', () => {
    const out = loadedAfter(`const { setupServer } = await import('msw/node')
const { createMockHandlers } = await import('./src/msw/index.ts')
const server = setupServer(...createMockHandlers())
server.listen({ onUnhandledRequest: 'error' })
const r = await fetch('https://krs.bz/api/v1/get_member_tables', ${call})
if (r.status !== 200) throw new Error('answered ' + r.status)
await r.json()
server.close()
out.firstAnswer = loaded()`)
    expect(out.firstAnswer).not.toContain('ajv')
    expect(out.firstAnswer).not.toContain('ajv-formats')
  })
})
