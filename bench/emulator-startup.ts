/**
 * Start-up cost of the emulator as a test file meets it, one fresh Node process per run
 * (the built package, `@krs-kit/mock-server`, as a user installs it):
 * - MSW: `import('msw/node')` + `import('@krs-kit/mock-server/msw')` + `createMockHandlers()`
 *   + `setupServer(...).listen()` + the first answer of `get_member_tables`, against MSW's own
 *   set-up with one trivial handler answering the same call (baseline, same run, runs
 *   interleaved). Goal: at most 1.3×.
 * - in process: `import('@krs-kit/mock-server')` + `createEngine()` + the first answer.
 *   Goal: at most 60 ms on an idle machine.
 * Time is taken inside each process from its first line (Node's own start is the same for
 * both). Median of RUNS (default 10). Needs the built emulator (the npm script builds it).
 */
import { spawnSync } from 'node:child_process'
import { median, requireBuiltMock, root } from './mock-support.js'
import { reportFigure } from './report.js'

const RUNS = Number(process.env.RUNS ?? 10)

const call = `fetch('https://krs.bz/api/v1/get_member_tables', {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: 'Bearer krs-all' },
  body: '{}',
})`

/** A test file's set-up with MSW: `handlers` imports what it needs and makes the handler list. */
const withMsw = (handlers: string) => `const t0 = performance.now()
const { setupServer } = await import('msw/node')
${handlers}
const server = setupServer(...handlers)
server.listen({ onUnhandledRequest: 'error' })
const r = await ${call}
await r.json()
console.log(JSON.stringify({ ms: performance.now() - t0, status: r.status }))
server.close()`

const children = {
  msw: withMsw(`const { http, HttpResponse } = await import('msw')
const handlers = [http.post('https://krs.bz/api/v1/get_member_tables', () => HttpResponse.json({ member_tables: [] }))]`),
  emulatorMsw: withMsw(`const { createMockHandlers } = await import('@krs-kit/mock-server/msw')
const handlers = createMockHandlers()`),
  engine: `const t0 = performance.now()
const { createEngine } = await import('@krs-kit/mock-server')
const engine = createEngine()
const r = await engine.handle(new Request('http://127.0.0.1/api/v1/get_member_tables', {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: 'Bearer krs-all' },
  body: '{}',
}))
await r.json()
console.log(JSON.stringify({ ms: performance.now() - t0, status: r.status }))`,
}

function once(code: string): number {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, encoding: 'utf8' })
  const line = r.stdout.trim().split('\n').pop() ?? ''
  let out: { ms: number; status: number }
  try {
    out = JSON.parse(line) as { ms: number; status: number }
  } catch {
    throw new Error(`a start-up run failed (exit ${r.status}): ${r.stderr.slice(-2000)}`)
  }
  if (out.status !== 200) throw new Error(`get_member_tables answered ${out.status}`)
  return out.ms
}

requireBuiltMock()
const times: Record<keyof typeof children, number[]> = { msw: [], emulatorMsw: [], engine: [] }
once(children.emulatorMsw) // warms the file system cache
for (let i = 0; i < RUNS; i++)
  for (const k of Object.keys(children) as (keyof typeof children)[]) times[k].push(once(children[k]))

const msw = median(times.msw)
const emulatorMsw = median(times.emulatorMsw)
const engine = median(times.engine)
console.log(`Emulator start-up (${RUNS} runs each, interleaved, median, one process per run)`)
console.log(`  MSW, one trivial handler            ${msw.toFixed(1).padStart(7)} ms`)
console.log(
  `  MSW + createMockHandlers()          ${emulatorMsw.toFixed(1).padStart(7)} ms  ${(emulatorMsw / msw).toFixed(2)}× (goal ≤ 1.3×)`,
)
console.log(`  createEngine() + first answer       ${engine.toFixed(1).padStart(7)} ms  (goal ≤ 60 ms idle)`)
reportFigure({
  name: 'startup.msw_setup_ms',
  value: Number(emulatorMsw.toFixed(1)),
  unit: 'ms',
  goal: '<= 1.3x MSW with one handler',
  baseline: Number(msw.toFixed(1)),
  met: emulatorMsw / msw <= 1.3,
})
reportFigure({
  name: 'startup.engine_first_answer_ms',
  value: Number(engine.toFixed(1)),
  unit: 'ms',
  goal: '<= 60 ms (idle)',
  baseline: null,
  met: engine <= 60,
})
