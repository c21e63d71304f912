import { contractProblems, requestIsValid, type Answer, type OperationName } from './contract.js'

export interface CallResult extends Answer {
  json: unknown
  /** Prism's `sl-violations` header, if any. */
  violations: string | null
}

/** POST /api/v1/<name> with a JSON body (raw string passes through as is). */
export async function post(
  base: string,
  name: string,
  body: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<CallResult> {
  const send = (): Promise<Response> =>
    fetch(`${base}/api/v1/${name}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
  let res: Response
  try {
    res = await send()
  } catch (e) {
    // Prism closes a keep-alive connection after 5 idle seconds; on a loaded machine fetch can
    // reuse it at that moment and the request never reaches Prism ("other side closed", no
    // answer). Sent once more on a fresh connection; any other failure is the test's.
    if ((e as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw e
    res = await send()
  }
  const text = await res.text()
  let json: unknown = null
  try {
    json = JSON.parse(text)
  } catch {
    json = null
  }
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    text,
    json,
    violations: res.headers.get('sl-violations'),
  }
}

/** Where conforming calls go: Prism in front of the emulator, and the emulator itself. */
export interface Doors {
  prismUrl: string
  mockUrl: string
}

/** Calls Prism could not judge (its validator's limits), sent straight to the emulator instead. */
export const prismBypasses: string[] = []

function isPrismProblem(r: { contentType: string | null; text: string }, type: string): boolean {
  return (r.contentType ?? '').includes('problem+json') && r.text.includes(`prism/errors#${type}`)
}

/**
 * True when every violation Prism lists is "false schema": Prism 5.14 does not implement
 * JSON Schema 2020-12 `prefixItems`, so it checks each tuple element against `items: false`
 * and fails it (condition clauses in requests; [phase, text] and count tuples in responses).
 */
export function onlyTupleViolations(r: { contentType: string | null; text: string }): boolean {
  if (!isPrismProblem(r, 'VIOLATIONS') && !isPrismProblem(r, 'UNPROCESSABLE_ENTITY')) return false
  try {
    const v = (JSON.parse(r.text) as { validation?: Array<{ code?: string }> }).validation ?? []
    return v.length > 0 && v.every((x) => x.code === 'false schema')
  } catch {
    return false
  }
}

/**
 * A fetch for the SDK that goes through Prism and, when Prism's only objection is its
 * `prefixItems` limit, sends the same request straight to the emulator (recorded in
 * `prismBypasses`; our own Ajv checks the answer then).
 */
export function prismFetch(doors: Doors): (request: Request) => Promise<Response> {
  return async (request) => {
    const body = await request.clone().text()
    const url = new URL(request.url)
    const through = await fetch(
      new Request(`${doors.prismUrl}${url.pathname}${url.search}`, {
        method: request.method,
        headers: request.headers,
        body,
      }),
    )
    const text = await through.clone().text()
    if (!onlyTupleViolations({ contentType: through.headers.get('content-type'), text })) return through
    prismBypasses.push(`${url.pathname}: ${through.status} tuple (prefixItems) violation`)
    return fetch(
      new Request(`${doors.mockUrl}${url.pathname}${url.search}`, {
        method: request.method,
        headers: request.headers,
        body,
      }),
    )
  }
}

/**
 * A call through Prism's validating proxy, checked twice: Prism found no violation (it
 * answers 500 problem+json otherwise) and our own Ajv/catalogue check passes.
 * Throws with the details when either fails.
 *
 * Two Prism 5.14 limits are worked around by sending the same request straight to the
 * emulator (then only our own check applies; each case is recorded in `prismBypasses`):
 * - Prism's validator does not know JSON Schema 2020-12 `prefixItems`: it refuses every
 *   tuple (the condition clauses `[operator, options]`) with 422 "boolean schema is false"
 *   although the contract accepts it (bypassed only when our Ajv says the request is valid),
 *   and reports every tuple in a response (`[phase, text]`) as a 500 violation (bypassed only
 *   when "false schema" is its sole objection);
 * - Prism itself answers 401 problem+json to a request without a bearer token.
 */
export async function conformingCall(
  doors: Doors,
  name: OperationName,
  body: unknown,
  token?: string,
): Promise<CallResult> {
  let r = await post(doors.prismUrl, name, body, token)
  if (
    (isPrismProblem(r, 'UNPROCESSABLE_ENTITY') && requestIsValid(name, body)) ||
    onlyTupleViolations(r) ||
    (isPrismProblem(r, 'UNAUTHORIZED') && token === undefined)
  ) {
    prismBypasses.push(`${name}: ${isPrismProblem(r, 'UNAUTHORIZED') ? 'no token' : 'tuple (prefixItems)'}`)
    r = await post(doors.mockUrl, name, body, token)
  }
  const problems: string[] = []
  if (r.contentType?.includes('problem+json')) problems.push(`Prism: ${r.status} ${r.text.slice(0, 1500)}`)
  if (r.violations) problems.push(`Prism sl-violations: ${r.violations.slice(0, 1500)}`)
  problems.push(...contractProblems(name, r))
  if (problems.length > 0) {
    throw new Error(`${name} ${JSON.stringify(body).slice(0, 300)} → ${r.status}:\n  ${problems.join('\n  ')}`)
  }
  return r
}

/**
 * A call straight to the emulator, checked against the contract by our own Ajv: the request
 * must be one the contract accepts (a refused request proves nothing about the answer), and the
 * answer must conform (a 200 body to its response schema; an error to the catalogue and the
 * operation's listed codes). Throws with the details otherwise.
 *
 * For the files that send hundreds of calls about something else than the contract's shapes
 * (rights, tenant isolation): Prism in front of the emulator checked the same schemas again,
 * at about 7 ms of CPU per call. The files that are about conformance (sdk-http-door,
 * cli-emulator) still go through Prism with `conformingCall`.
 */
export async function checkedCall(
  doors: Doors,
  name: OperationName,
  body: unknown,
  token?: string,
): Promise<CallResult> {
  const problems: string[] = []
  if (!requestIsValid(name, body)) problems.push('the request is not one the contract accepts')
  const r = await post(doors.mockUrl, name, body, token)
  problems.push(...contractProblems(name, r))
  if (problems.length > 0) {
    throw new Error(`${name} ${JSON.stringify(body).slice(0, 300)} → ${r.status}:\n  ${problems.join('\n  ')}`)
  }
  return r
}
