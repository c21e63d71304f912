import { createAjv, type ErrorObject, type ValidateFunction } from '../generated/ajv.js'
import { operations } from '../generated/operations.js'
import { compareShapes, type Difference } from './compare.js'
import type { ReadOnlyCaller } from './read-only-caller.js'
import type { SweepCall } from './sweep.js'

export interface VerifyReport {
  calls: number
  against: string | null
  differences: Difference[]
}

function valueAt(root: unknown, pointer: string): unknown {
  let v = root
  for (const raw of pointer.split('/').slice(1)) {
    const k = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined
  }
  return v
}

function schemaDifference(operation: string, body: unknown, e: ErrorObject): Difference {
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

/** Checks each answer against the contract: the 200 body schema, or the operation's error codes. */
export function checkAgainstContract(calls: readonly SweepCall[]): Difference[] {
  const ajv = createAjv({ allErrors: true })
  const compiled = new Map<string, ValidateFunction>()
  const out: Difference[] = []
  for (const c of calls) {
    const info = operations[c.operation]
    if (c.answer.status === 200) {
      let validate = compiled.get(c.operation)
      if (!validate) {
        validate = ajv.compile(info.responseSchema as object)
        compiled.set(c.operation, validate)
      }
      if (!validate(c.answer.body)) {
        // one line per place: Ajv may report several rules of one union at the same pointer
        const seen = new Set<string>()
        for (const e of validate.errors ?? []) {
          const d = schemaDifference(c.operation, c.answer.body, e)
          if (seen.has(d.pointer)) continue
          seen.add(d.pointer)
          out.push(d)
        }
      }
    } else if (c.answer.errorCode && !(info.errors as readonly string[]).includes(c.answer.errorCode)) {
      out.push({
        operation: c.operation,
        pointer: '/error_code',
        kind: 'error-code',
        actual: c.answer.errorCode,
        expected: info.errors,
      })
    }
  }
  return out
}

/** Replays the same calls on an emulator and compares the shapes and the business errors. */
export async function compareWithEmulator(
  calls: readonly SweepCall[],
  emulator: ReadOnlyCaller,
): Promise<Difference[]> {
  const out: Difference[] = []
  for (const c of calls) {
    const other = await emulator.call(c.operation, c.body)
    if (c.answer.status === 200 && other.status === 200) {
      out.push(...compareShapes(c.operation, c.answer.body, other.body))
    } else if (c.answer.errorCode !== other.errorCode) {
      out.push({
        operation: c.operation,
        pointer: '/error_code',
        kind: 'error-code',
        actual: c.answer.errorCode ?? null,
        expected: other.errorCode ?? null,
      })
    }
  }
  return out
}
