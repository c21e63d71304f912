import type { Difference } from './compare.js'

// The check of one answer against the contract, apart from the registry so that it carries no
// contract data and no Ajv: `krs verify` and the playground's verdict give it the registry and
// an Ajv of their own.

/** What an Ajv error carries that the check reads. */
export interface SchemaError {
  keyword: string
  instancePath: string
  params: object
  message?: string | undefined
}

/** A compiled response schema (an Ajv ValidateFunction). */
export interface AnswerValidator {
  (body: unknown): boolean
  errors?: readonly SchemaError[] | null | undefined
}

/** One answer as the check reads it. */
export interface CheckedAnswer {
  status: number
  body: unknown
  errorCode?: string | null | undefined
}

function valueAt(root: unknown, pointer: string): unknown {
  let v = root
  for (const raw of pointer.split('/').slice(1)) {
    const k = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined
  }
  return v
}

function schemaDifference(operation: string, body: unknown, e: SchemaError): Difference {
  const params = e.params as Record<string, unknown>
  let pointer = e.instancePath
  if (e.keyword === 'required') pointer += `/${String(params.missingProperty)}`
  if (e.keyword === 'additionalProperties') pointer += `/${String(params.additionalProperty)}`
  return {
    operation,
    pointer,
    kind: 'schema',
    actual: valueAt(body, pointer),
    expected: `${e.keyword}: ${e.message ?? ''}`,
  }
}

/**
 * The differences of one answer from the contract: a 200 body against the response schema
 * (`validate`), an error answer's code against the operation's documented codes.
 */
export function answerDifferences(
  operation: string,
  answer: CheckedAnswer,
  errors: readonly string[],
  validate: AnswerValidator,
): Difference[] {
  if (answer.status === 200) {
    if (validate(answer.body)) return []
    // one line per place: Ajv may report several rules of one union at the same pointer
    const seen = new Set<string>()
    const out: Difference[] = []
    for (const e of validate.errors ?? []) {
      const d = schemaDifference(operation, answer.body, e)
      if (seen.has(d.pointer)) continue
      seen.add(d.pointer)
      out.push(d)
    }
    return out
  }
  if (answer.errorCode && !errors.includes(answer.errorCode))
    return [{ operation, pointer: '/error_code', kind: 'error-code', actual: answer.errorCode, expected: errors }]
  return []
}
