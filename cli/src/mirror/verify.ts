import type { ValidateFunction } from '@krs-kit/contract/ajv'
import { loadOperation } from '../operation-loader.js'
import { answerDifferences } from '@krs-kit/contract/answer-check'
import { compareShapes, type Difference } from '@krs-kit/contract/compare'
import type { ReadOnlyCaller } from './read-only-caller.js'
import type { SweepCall } from './sweep.js'

export interface VerifyReport {
  calls: number
  against: string | null
  differences: Difference[]
}

/** Checks each answer against the contract: the 200 body schema, or the operation's error codes. */
export async function checkAgainstContract(calls: readonly SweepCall[]): Promise<Difference[]> {
  const { createAjv } = await import('@krs-kit/contract/ajv')
  const ajv = createAjv({ allErrors: true })
  const compiled = new Map<string, ValidateFunction>()
  const out: Difference[] = []
  for (const c of calls) {
    const { info } = await loadOperation(c.operation)
    let validate = compiled.get(c.operation)
    if (!validate) {
      validate = ajv.compile(info.responseSchema as object)
      compiled.set(c.operation, validate)
    }
    out.push(...answerDifferences(c.operation, c.answer, info.errors, validate))
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
