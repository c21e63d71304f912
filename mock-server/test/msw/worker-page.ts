// Bundled for the browser by msw-worker.test.ts: the MSW door under setupWorker.
import { setupWorker } from 'msw/browser'
import { createEngine } from '../../src/index.js'
import { createMockHandlers } from '../../src/msw/index.js'

const worker = setupWorker(
  ...createMockHandlers({ baseUrl: location.origin, clock: { mode: 'manual', now: 1_767_225_600 }, members: 20 }),
)
await worker.start({ onUnhandledRequest: 'bypass', quiet: true })

async function post(path: string, body: unknown, token?: string): Promise<{ status: number; body: unknown }> {
  const r = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  return { status: r.status, body: await r.json() }
}

// A scenario is checked when the engine is made, before any request: off Node too.
const scenarioTables = await (async () => {
  const engine = createEngine({ scenario: { extends: 'default' } })
  const r = await engine.handle(
    new Request('http://127.0.0.1/api/v1/get_member_tables', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer krs-all' },
      body: '{}',
    }),
  )
  return r.status
})()
let badScenario = ''
try {
  createEngine({ scenario: { extends: 'default', no_such_key: 1 } })
} catch (e) {
  badScenario = (e as Error).name
}

const result = {
  scenarioTables,
  badScenario,
  version: await post('/api/v1/get_version', {}),
  noToken: await post('/api/v1/get_environment_name', {}),
  environment: await post('/env9/api/v1/get_environment_name', {}, 'krs-all'),
  clock: await post('/__mock/clock', { advance_seconds: 60 }),
  wrongMethod: (await fetch('/api/v1/get_version')).status,
}
document.body.dataset.result = JSON.stringify(result)
