import { createEngine, type Engine, type EngineOptions } from '@krs-kit/mock-server'
import { type AdminAnswer, callAdmin } from '@krs-kit/mock-server/testing'
import { contractProblems, errorCodeOf, type OperationName } from './contract.js'

export interface EngineAnswer {
  status: number
  code: string | null
  json: unknown
}

/** An engine in process and a checked caller: every answer must conform to the contract. */
export function engineClient(opts: EngineOptions = {}): {
  engine: Engine
  call: (name: OperationName, body: unknown, token?: string) => Promise<EngineAnswer>
  admin: (method: string, path: string, body?: unknown) => Promise<AdminAnswer>
} {
  const engine = createEngine({
    members: 20,
    seed: 3,
    clock: { mode: 'manual', now: 1_767_225_600 },
    validateResponses: false,
    logger: { error: () => {}, warn: () => {} },
    ...opts,
  })
  const call = async (name: OperationName, body: unknown, token = 'krs-all'): Promise<EngineAnswer> => {
    const res = await engine.handle(
      new Request(`http://krs.test/api/v1/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      }),
    )
    const text = await res.text()
    const problems = contractProblems(name, { status: res.status, contentType: res.headers.get('content-type'), text })
    if (problems.length > 0)
      throw new Error(`${name} ${JSON.stringify(body)} → ${res.status} ${text.slice(0, 300)}: ${problems.join('; ')}`)
    let json: unknown = null
    try {
      json = JSON.parse(text)
    } catch {
      json = text
    }
    return { status: res.status, code: res.status === 200 ? null : errorCodeOf(text), json }
  }
  const target = { url: 'http://krs.test', fetch: (request: Request) => engine.handle(request) }
  const admin = (method: string, path: string, body?: unknown): Promise<AdminAnswer> =>
    callAdmin(target, method, path, body === undefined ? { token: 'krs-all' } : { token: 'krs-all', body })
  return { engine, call, admin }
}
