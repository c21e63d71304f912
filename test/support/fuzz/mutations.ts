import type { Prng } from './prng.js'

/** One fuzz request, transport-level: what is sent and what the contract says must come back. */
export interface FuzzCase {
  /** The operation the request targets (null: an unknown API name). */
  operation: string | null
  kind: MutationKind
  method: string
  path: string
  headers: Record<string, string>
  bodyText: string
  /** An exact answer the pipeline's documented order prescribes, when there is one. */
  expect?: { status: number; code: string }
}

export const mutationKinds = [
  'valid',
  'realistic-ids',
  'wrong-type',
  'missing-key',
  'out-of-range',
  'huge-string',
  'deep-nesting',
  'extra-key',
  'non-object-body',
  'unicode',
  'broken-json',
  'wrong-content-type',
  'no-token',
  'wrong-token',
  'wrong-method',
  'unknown-operation',
  'environment-path',
] as const
export type MutationKind = (typeof mutationKinds)[number]

type Json = null | boolean | number | string | Json[] | { [k: string]: Json }
type Container = Json[] | { [k: string]: Json }

/** Every (container, key) inside a body, the body's top level included. */
function slots(body: Json): Array<{ parent: Container; key: string | number }> {
  const out: Array<{ parent: Container; key: string | number }> = []
  const walk = (v: Json, depth: number): void => {
    if (depth > 12 || v === null || typeof v !== 'object') return
    if (Array.isArray(v)) {
      v.forEach((child, i) => {
        out.push({ parent: v, key: i })
        walk(child, depth + 1)
      })
    } else {
      for (const [k, child] of Object.entries(v)) {
        out.push({ parent: v, key: k })
        walk(child, depth + 1)
      }
    }
  }
  walk(body, 0)
  return out
}

function setSlot(s: { parent: Container; key: string | number }, value: Json): void {
  ;(s.parent as Record<string | number, Json>)[s.key] = value
}

function otherType(v: Json, rnd: Prng): Json {
  const candidates: Json[] = ['1', 1, 1.5, true, null, [], {}, [1, 'a'], { x: 1 }, '', 'x'.repeat(3)]
  const kind = (x: Json): string => (x === null ? 'null' : Array.isArray(x) ? 'array' : typeof x)
  const differing = candidates.filter(
    (c) => kind(c) !== kind(v) || (typeof v === 'number' && Number.isInteger(v) && c === 1.5),
  )
  return rnd.pick(differing)
}

const extremeNumbers: Json[] = [
  -1,
  0,
  -2147483649,
  2147483648,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  1e308,
  1.0000001,
  -0.5,
]
const extremeStrings: Json[] = [
  '',
  ' ',
  '0',
  '-1',
  '9999-99-99',
  '2025-02-30',
  '1970-01-01 00:00:00',
  'a@',
  '<script>',
  "'; DROP TABLE members; --",
  '%00',
  '../../etc/passwd',
]
const oddStrings: Json[] = [
  '\u0000',
  '\ud800',
  '\udfff',
  '😀'.repeat(50),
  'ｱｲｳ',
  '①②③',
  '\u200b',
  'é',
  'Ａ',
  '\r\n\t',
  '\\',
  '"',
]

const DEEP = '__KRS_DEEP_NESTING__'

function parses(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/**
 * Builds one fuzz case from a schema-valid body of `operation`. The mutations follow the
 * issue: wrong types, missing keys, out-of-range values, huge strings, deep nesting,
 * broken JSON, wrong content type, no token, wrong token (plus extra keys, non-object
 * bodies, odd Unicode, other methods, unknown names and the environment-id path).
 */
export function mutate(
  operation: string,
  secured: boolean,
  base: unknown,
  kind: MutationKind,
  rnd: Prng,
  token: string,
): FuzzCase {
  const body = structuredClone(base) as Json
  const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${token}` }
  const c: FuzzCase = { operation, kind, method: 'POST', path: `/api/v1/${operation}`, headers, bodyText: '' }
  let text: string | null = null
  const all = slots(body)
  switch (kind) {
    case 'valid':
      break
    case 'realistic-ids':
      for (const s of all) {
        if (
          typeof s.key === 'string' &&
          /_id$/.test(s.key) &&
          typeof (s.parent as Record<string, Json>)[s.key] === 'number'
        )
          setSlot(s, rnd.int(1, 4))
      }
      break
    case 'wrong-type':
      if (all.length > 0) {
        const s = rnd.pick(all)
        setSlot(s, otherType((s.parent as Record<string | number, Json>)[s.key]!, rnd))
      } else text = rnd.pick(['[]', '1', '"x"', 'null', 'true'])
      break
    case 'missing-key': {
      const keys = all.filter((s) => !Array.isArray(s.parent))
      if (keys.length > 0) {
        const s = rnd.pick(keys)
        delete (s.parent as Record<string, Json>)[s.key as string]
      }
      break
    }
    case 'out-of-range': {
      const scalars = all.filter((s) =>
        ['number', 'string'].includes(typeof (s.parent as Record<string | number, Json>)[s.key]),
      )
      for (let i = 0; i < Math.min(scalars.length, rnd.int(1, 2)); i++) {
        const s = rnd.pick(scalars)
        setSlot(
          s,
          typeof (s.parent as Record<string | number, Json>)[s.key] === 'number'
            ? rnd.pick(extremeNumbers)
            : rnd.pick(extremeStrings),
        )
      }
      break
    }
    case 'huge-string': {
      const huge = rnd.pick(['x', 'あ', '😀', '<a>']).repeat(rnd.pick([1_000, 20_000, 100_000]))
      if (all.length > 0 && rnd.chance(0.8)) setSlot(rnd.pick(all), huge)
      else if (body !== null && typeof body === 'object' && !Array.isArray(body)) body[huge.slice(0, 5000)] = 1
      break
    }
    case 'deep-nesting':
      if (all.length > 0) setSlot(rnd.pick(all), DEEP)
      else text = DEEP
      break
    case 'extra-key':
      if (body !== null && typeof body === 'object' && !Array.isArray(body))
        body[rnd.pick(['unknown_key', '__proto__x', 'constructor', 'toString', 'e_999'])] = rnd.pick([
          1,
          'x',
          null,
          { a: 1 },
        ])
      break
    case 'non-object-body':
      text = rnd.pick(['null', '[]', '[{}]', '0', '-1', '"{}"', 'true', '1e999'])
      break
    case 'unicode': {
      const strings = all.filter((s) => typeof (s.parent as Record<string | number, Json>)[s.key] === 'string')
      if (strings.length > 0) setSlot(rnd.pick(strings), rnd.pick(oddStrings))
      else if (all.length > 0) setSlot(rnd.pick(all), rnd.pick(oddStrings))
      break
    }
    case 'broken-json': {
      const full = JSON.stringify(body)
      text = rnd.pick([
        full.slice(0, Math.max(1, Math.floor(full.length / 2))),
        `${full}}`,
        `${full},`,
        full.replace(/"/g, "'"),
        '{',
        '',
        '{"a":}',
        '{a:1}',
        '\u0000',
        'undefined',
        `${full}\n{"again":1}`,
        `\ufeff${full}`,
        '{"member_table_id": 01}',
        'NaN',
      ])
      // An empty or BOM-prefixed body is not "broken JSON" in every reading; only the rest has an exact answer.
      if (text !== '' && !text.startsWith('\ufeff') && !parses(text)) c.expect = { status: 400, code: 'KR_API_F1004' }
      break
    }
    case 'wrong-content-type':
      headers['content-type'] = rnd.pick([
        'text/plain',
        'application/xml',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'text/json-ish',
        'application/jsonx',
      ])
      c.expect = { status: 415, code: 'KRSKIT_UNSUPPORTED_MEDIA_TYPE' }
      break
    case 'no-token':
      delete headers.authorization
      if (secured) c.expect = { status: 401, code: 'KR_API_F1001' }
      break
    case 'wrong-token':
      headers.authorization = rnd.pick([
        'Bearer krs-all.t_000000000000.0000000000000000',
        'Bearer ',
        'Basic a3JzLWFsbA==',
        `Bearer ${token}x`,
        `bearer-${token}`,
        `Bearer ${'x'.repeat(5000)}`,
      ])
      if (secured) c.expect = { status: 401, code: 'KR_API_F1001' }
      break
    case 'wrong-method':
      c.method = rnd.pick(['GET', 'PUT', 'DELETE', 'PATCH'])
      if (c.method === 'GET') text = ''
      c.expect = { status: 405, code: 'KRSKIT_METHOD_NOT_ALLOWED' }
      break
    case 'unknown-operation':
      c.operation = null
      c.path = rnd.pick([
        '/api/v1/no_such_api',
        '/api/v1/',
        '/api/v1/Get_Member_Info',
        '/api/v2/get_version',
        `/api/v1/${operation}/x`,
        `/api/v1/${operation}x`,
      ])
      c.expect = { status: 404, code: 'KR_API_F0012' }
      break
    case 'environment-path':
      c.path = `/${rnd.pick(['env1', 'abc123', 'E-9'])}/api/v1/${operation}`
      break
  }
  if (text === null) text = JSON.stringify(body) ?? ''
  if (text.includes(`"${DEEP}"`) || text === DEEP) {
    const depth = rnd.pick([50, 1_000, 20_000])
    const nest = rnd.chance(0.5)
      ? '['.repeat(depth) + ']'.repeat(depth)
      : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
    text = text === DEEP ? nest : text.replace(`"${DEEP}"`, nest)
  }
  c.bodyText = text
  return c
}
