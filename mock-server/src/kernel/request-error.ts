import type { ErrorObject } from '@krs-kit/contract/ajv'

/**
 * Which validation error a refused request reports.
 *
 * Ajv, stopping at the first error, reports a `oneOf`/`anyOf` failure through the first
 * alternative it tried: a weekly `delivery_time_info` without `day_of_week` came back as
 * "type must be equal to constant" of the daily shape. With every error of every
 * alternative at hand (`allErrors`), this picks the alternative the value meant:
 *
 * 1. an alternative the value is plainly not of (another JSON type, or a discriminator — a
 *    `const`/`enum` on the value itself or on one of its direct keys, like `type: 2` — that
 *    does not match) is the worst candidate;
 * 2. among the rest, the one with the fewest errors wins (ties: the first one).
 *
 * The errors of the other alternatives and the composite error itself are dropped, nested
 * composites are resolved the same way, and the first remaining error is the answer.
 */
export function pickReportedError(errors: readonly ErrorObject[]): ErrorObject {
  return errorsOfChosenBranches(errors)[0] ?? errors[0]!
}

/** The errors left once every `oneOf`/`anyOf` is resolved to its chosen alternative (see above). */
export function errorsOfChosenBranches(errors: readonly ErrorObject[]): ErrorObject[] {
  let remaining = [...errors]
  for (;;) {
    const composite = outermostComposite(remaining)
    if (!composite) break
    remaining = keepChosenBranch(remaining, composite)
  }
  return remaining
}

const COMPOSITE = new Set(['oneOf', 'anyOf'])

function outermostComposite(errors: readonly ErrorObject[]): ErrorObject | null {
  let best: ErrorObject | null = null
  for (const e of errors) {
    if (!COMPOSITE.has(e.keyword)) continue
    if (!best || e.schemaPath.length < best.schemaPath.length) best = e
  }
  return best
}

function branchOf(e: ErrorObject, prefix: string): number | null {
  if (!e.schemaPath.startsWith(prefix)) return null
  const m = /^(\d+)(?:\/|$)/.exec(e.schemaPath.slice(prefix.length))
  return m ? Number(m[1]) : null
}

/**
 * The value is not of this alternative's kind at all: its own JSON type differs (an object
 * against `type: 'null'`), or a `const`/`enum` of the alternative itself or of one of its
 * own keys failed (`type: 2` against `const: 1`).
 */
function isDiscriminatorMismatch(e: ErrorObject, prefix: string): boolean {
  const rest = e.schemaPath.slice(prefix.length)
  if (e.keyword === 'type') return /^\d+\/type$/.test(rest)
  if (e.keyword !== 'const' && e.keyword !== 'enum') return false
  return /^\d+\/(?:properties\/[^/]+\/)?(?:const|enum)$/.test(rest)
}

function keepChosenBranch(errors: readonly ErrorObject[], composite: ErrorObject): ErrorObject[] {
  const prefix = `${composite.schemaPath}/`
  const branches = new Map<number, ErrorObject[]>()
  for (const e of errors) {
    const b = branchOf(e, prefix)
    if (b === null) continue
    const list = branches.get(b) ?? []
    list.push(e)
    branches.set(b, list)
  }
  let chosen: number | null = null
  let chosenRank: [number, number] = [Infinity, Infinity]
  for (const [b, list] of [...branches].sort((x, y) => x[0] - y[0])) {
    const mismatch = list.some((e) => isDiscriminatorMismatch(e, prefix)) ? 1 : 0
    const rank: [number, number] = [mismatch, list.length]
    if (rank[0] < chosenRank[0] || (rank[0] === chosenRank[0] && rank[1] < chosenRank[1])) {
      chosen = b
      chosenRank = rank
    }
  }
  return errors.filter((e) => {
    if (e === composite) return false
    const b = branchOf(e, prefix)
    return b === null || b === chosen
  })
}

/** The value at a JSON pointer of the request body (`undefined` when absent). */
export function valueAt(body: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '/') return body
  let at: unknown = body
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    if (at === null || typeof at !== 'object') return undefined
    at = (at as Record<string, unknown>)[key]
  }
  return at
}

/** Keywords about a value's range or form: their message names the value that was given. */
const VALUE_KEYWORDS = new Set([
  'enum',
  'const',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'pattern',
  'format',
  'minLength',
  'maxLength',
  // "must NOT be valid" alone does not say what was refused (a daily program's null condition)
  'not',
])

/**
 * `"; got 7"` for a range or form error (a scalar as JSON, cut at 60 characters; an object or
 * array only by its kind, never serialised: it may be nested thousands of levels deep), else `""`.
 */
export function givenValueSuffix(e: ErrorObject, body: unknown): string {
  if (!VALUE_KEYWORDS.has(e.keyword)) return ''
  const value = valueAt(body, e.instancePath)
  if (value === undefined) return ''
  if (Array.isArray(value)) return `; got an array of ${value.length} items`
  if (value !== null && typeof value === 'object') return '; got an object'
  let text = JSON.stringify(value)
  if (text.length > 60) text = `${text.slice(0, 57)}...`
  return `; got ${text}`
}
