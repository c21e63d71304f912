import { expect, it } from 'vitest'
import { createKrsClient, isKrsApiError, KrsApiError, type KrsClient } from '@krs-kit/sdk'
import { operationNames, operations, requestIsValid, responseValueProblems, type OperationName } from './contract.js'
import { validExample } from './request-examples.js'
import { successBodies } from './success-bodies.js'

export interface SdkDoor {
  /** A client whose answers pass the contract checks of the door (Prism for HTTP). */
  conforming: () => KrsClient
  /** A client for calls that must reach the emulator unfiltered (invalid requests). */
  direct: (token: string) => KrsClient
  token: string
  /** Move the tenant's clock (admin API through the same door); returns the new time. */
  advance: (seconds: number) => Promise<number>
}

/** What one call through the SDK produced: the value or the KrsApiError. */
async function outcome(p: Promise<unknown>): Promise<{ value?: unknown; error?: KrsApiError }> {
  try {
    return { value: await p }
  } catch (e) {
    if (e instanceof KrsApiError || isKrsApiError(e)) return { error: e as KrsApiError }
    throw e
  }
}

/**
 * Every operation at least once through the SDK: its contract example (a success matching
 * the response schema, or a KrsApiError whose code the operation lists), then a typical
 * error — an unknown token (KR_API_F1001, status 401) for a secured operation, a body
 * without its required keys (KR_API_F0006, 400) otherwise.
 */
export function sdkSuite(door: () => SdkDoor): void {
  const seen = { success: 0, apiError: 0, failedNames: [] as string[] }
  let bodies: Promise<Partial<Record<OperationName, unknown>>> | undefined
  // First, while no batch job of the sweep runs: the door's answers name the emulator, so a wait
  // on its manual clock fails at once and `advanceClock` moves the clock instead of sleeping.
  it('waits see the emulator on this door: a manual clock fails fast, advanceClock finishes the job', async () => {
    const d = door()
    const krs = d.direct(d.token)
    const job = await krs.exportMembers({ member_table_id: 1, condition_id: 1, columnset_id: 1 })
    const started = Date.now()
    await expect(krs.waitForBatchJob(job, { timeoutMs: 30_000 })).rejects.toMatchObject({
      name: 'KrsWaitStalledError',
      message: expect.stringContaining('pass advanceClock: true'),
    })
    expect(Date.now() - started).toBeLessThan(10_000)
    const done = await krs.waitForBatchJob(job, { advanceClock: true, intervalMs: 60_000 })
    expect(done.progress).toBe(100)
  })
  for (const name of operationNames) {
    it(`${name}: a success (or a listed business error), then a typical error`, async () => {
      const d = door()
      const krs = d.conforming()
      const callAny = krs.call as (n: OperationName, b: unknown) => Promise<unknown>
      bodies ??= successBodies((n, b) => callAny(n, b), d.advance)
      const body = (await bodies)[name] ?? validExample(name)
      const r = await outcome(callAny(name, body))
      if (r.error) {
        const e = r.error
        expect(operations[name].errors, `${name} answered ${e.status} ${e.code}: ${e.detail ?? ''}`).toContain(e.code)
        expect(e.status).toBeLessThan(500)
        expect(e.operation).toBe(name)
        seen.apiError++
        seen.failedNames.push(`${name} ${e.code}`)
      } else {
        expect(responseValueProblems(name, r.value)).toEqual([])
        seen.success++
      }

      if (operations[name].security) {
        const bad = await outcome(
          (
            d.direct('krs-all.t_000000000000.0000000000000000').call as (
              n: OperationName,
              b: unknown,
            ) => Promise<unknown>
          )(name, validExample(name)),
        )
        expect(bad.error?.code, name).toBe('KR_API_F1001')
        expect(bad.error?.status).toBe(401)
      } else {
        const body = {}
        if (requestIsValid(name, body)) return
        const bad = await outcome(
          (d.direct(d.token).call as (n: OperationName, b: unknown) => Promise<unknown>)(name, body),
        )
        expect(bad.error?.code).toBe('KR_API_F0006')
      }
    })
  }
  it('the sweep reached the handlers: successes and business errors', () => {
    expect(seen.success + seen.apiError).toBe(operationNames.length)
    expect(seen.success).toBeGreaterThan(5)
    console.info(`[sdk] ${seen.success} successes, ${seen.apiError} business errors (${seen.failedNames.join(', ')})`)
  })
}

export { createKrsClient }
