import {
  contractProblems,
  errorCodeOf,
  errorProblems,
  operations,
  requestIsValid,
  type OperationName,
} from '../contract.js'
import { mutate, mutationKinds, type FuzzCase, type MutationKind } from './mutations.js'
import { Prng } from './prng.js'

export interface FuzzAnswer {
  status: number
  contentType: string | null
  text: string
}

/** Where the fuzzer sends requests: the engine in process, or a server over HTTP. */
export interface FuzzTarget {
  send(c: FuzzCase): Promise<FuzzAnswer>
  /** The tenant's whole state, serialised (compared before/after every refused request). */
  snapshot(): Promise<string>
  /** Back to the scenario's state now and then, so deletes and locks do not pile up. */
  reset(): Promise<void>
  token: string
}

export interface FuzzOptions {
  operations: readonly OperationName[]
  pool: Map<OperationName, unknown[]>
  requests: number
  seed: number
  timeoutMs?: number
  resetEvery?: number
  /** Compare snapshots around every refused request (default true). */
  checkState?: boolean
  /**
   * Bodies that succeed in the current state (objects created first), per operation; called
   * at the start and after every reset, and added to the pool for that stretch.
   */
  freshBodies?: () => Promise<Partial<Record<OperationName, unknown>>>
}

export interface FuzzReport {
  requests: number
  byStatus: Record<string, number>
  byKind: Record<string, number>
  successes: number
  failures: string[]
  /** Distinct operations that answered 200 at least once. */
  succeededOperations: Set<string>
}

const TRANSPORT_CODES = [
  'KRSKIT_METHOD_NOT_ALLOWED',
  'KR_API_F0012',
  'KRSKIT_UNSUPPORTED_MEDIA_TYPE',
  'KRSKIT_PAYLOAD_TOO_LARGE',
  'KR_API_F1004',
  'KR_API_F1001',
]

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms (hang): ${what}`)), ms)
  })
  return Promise.race([p, t]).finally(() => clearTimeout(timer))
}

function describe(c: FuzzCase): string {
  const body = c.bodyText.length > 300 ? `${c.bodyText.slice(0, 300)}…(${c.bodyText.length} chars)` : c.bodyText
  const auth =
    c.headers.authorization === undefined
      ? 'no token'
      : c.headers.authorization.length > 60
        ? 'long token'
        : c.headers.authorization
  return `[${c.kind}] ${c.method} ${c.path} ct=${c.headers['content-type'] ?? '-'} ${auth} ${body}`
}

/**
 * The fuzz loop. Every answer must be a success that matches the operation's response schema
 * or an error of the catalogue with its mapped status (and, for an operation, one of its
 * listed codes); never a 500, never a hang, never a rejected promise;
 * a request the contract's schema refuses gets 400 KR_API_F0004/F0006; the pipeline's
 * documented order fixes the answer of transport-level mutations; and the tenant's state
 * after every refused request equals the state before it.
 */
export async function runFuzz(target: FuzzTarget, opts: FuzzOptions): Promise<FuzzReport> {
  const rnd = new Prng(opts.seed)
  const report: FuzzReport = {
    requests: 0,
    byStatus: {},
    byKind: {},
    successes: 0,
    failures: [],
    succeededOperations: new Set(),
  }
  const fail = (c: FuzzCase, a: FuzzAnswer | null, why: string): void => {
    if (report.failures.length < 200)
      report.failures.push(
        `${why}\n    request: ${describe(c)}\n    answer: ${a ? `${a.status} ${a.text.slice(0, 400)}` : '-'}`,
      )
  }
  const checkState = opts.checkState ?? true
  const resetEvery = opts.resetEvery ?? 1500
  let fresh: Partial<Record<OperationName, unknown>> = opts.freshBodies ? await opts.freshBodies() : {}
  let before = checkState ? await target.snapshot() : ''

  for (let i = 0; i < opts.requests; i++) {
    if (i > 0 && i % resetEvery === 0) {
      await target.reset()
      if (opts.freshBodies) fresh = await opts.freshBodies()
      if (checkState) before = await target.snapshot()
    }
    const name = opts.operations[i % opts.operations.length]!
    const pool = opts.pool.get(name) ?? []
    if (pool.length === 0) throw new Error(`no seed body for ${name}`)
    const kind: MutationKind = rnd.chance(0.25)
      ? rnd.pick(['valid', 'realistic-ids'] as const)
      : rnd.pick(mutationKinds)
    const own = fresh[name]
    const base = own !== undefined && rnd.chance(0.5) ? own : rnd.pick(pool)
    const c = mutate(name, operations[name].security, base, kind, rnd, target.token)
    report.requests++
    report.byKind[kind] = (report.byKind[kind] ?? 0) + 1

    let a: FuzzAnswer
    try {
      a = await withTimeout(target.send(c), opts.timeoutMs ?? 10_000, describe(c))
    } catch (e) {
      fail(c, null, `crash or hang: ${String((e as Error)?.stack ?? e).slice(0, 600)}`)
      if (checkState) before = await target.snapshot()
      continue
    }
    report.byStatus[a.status] = (report.byStatus[a.status] ?? 0) + 1
    const code = a.status === 200 ? null : errorCodeOf(a.text)

    // 1. the answer itself
    if (a.status === 500) {
      fail(c, a, 'a 500')
    } else if (a.status === 200) {
      if (c.operation === null) fail(c, a, '200 for an unknown operation')
      else {
        const problems = contractProblems(c.operation as OperationName, a)
        if (problems.length > 0) fail(c, a, `success outside the response schema: ${problems.join('; ')}`)
        report.successes++
        report.succeededOperations.add(c.operation)
      }
    } else {
      const allowed =
        c.operation === null
          ? TRANSPORT_CODES
          : [...operations[c.operation as OperationName].errors, ...TRANSPORT_CODES]
      const problems = errorProblems(a, allowed)
      if (problems.length > 0) fail(c, a, `error outside the catalogue: ${problems.join('; ')}`)
    }

    // 2. the exact answer the pipeline order prescribes
    if (c.expect) {
      if (a.status !== c.expect.status || code !== c.expect.code)
        fail(c, a, `expected ${c.expect.status} ${c.expect.code}`)
    } else if (
      c.operation !== null &&
      c.method === 'POST' &&
      c.headers['content-type'] === 'application/json' &&
      c.headers.authorization === `Bearer ${target.token}`
    ) {
      let parsed: unknown
      let parses = true
      try {
        parsed = JSON.parse(c.bodyText)
      } catch {
        parses = false
      }
      // a body longer than any valid one may be refused before it is parsed (the Node door's
      // per-operation bound, mock-server/README.md "Body size"): 413, never past 64 KiB
      const overBound =
        a.status === 413 && code === 'KRSKIT_PAYLOAD_TOO_LARGE' && Buffer.byteLength(c.bodyText) > 64 * 1024
      if (parses && !requestIsValid(c.operation as OperationName, parsed) && !overBound) {
        if (a.status !== 400 || (code !== 'KR_API_F0004' && code !== 'KR_API_F0006'))
          fail(c, a, 'the contract refuses this body: expected 400 KR_API_F0004 or KR_API_F0006, or 413 over its bound')
      }
    }

    // 3. state unchanged after a refused request
    if (checkState) {
      const after = await target.snapshot()
      if (a.status !== 200 && after !== before)
        fail(c, a, `state changed by a refused request (${firstDifference(before, after)})`)
      before = after
    }
  }
  return report
}

function firstDifference(a: string, b: string): string {
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  return `at char ${i}: …${a.slice(Math.max(0, i - 80), i + 80)}… ≠ …${b.slice(Math.max(0, i - 80), i + 80)}…`
}
