/**
 * Shared setup of the batch benchmarks: an EngineContext on a tenant with a movable clock,
 * and a helper that runs a batch job to its end (handlers called directly, no HTTP).
 */
import type { EngineContext } from '@krs-kit/mock-server'
import { advanceBatchJobs, type TenantState } from '@krs-kit/mock-server/internal'
import { NOW } from './members-support.js'

export interface BenchClock {
  now: number
}

export function batchCtx(tenant: TenantState, clock: BenchClock, operation: EngineContext['operation']): EngineContext {
  const account = tenant.accounts.get(tenant.tokens.get('krs-all')!.accountId)!
  let s = 1
  return {
    operation,
    tenant,
    account,
    requestId: 'bench',
    now: () => clock.now,
    random: () => {
      s = (s * 16807) % 2147483647
      return s / 2147483647
    },
    audit: () => {},
  }
}

/** Move the clock past the job's end and run the due steps (where the job's work happens). */
export function finishJob(tenant: TenantState, clock: BenchClock, jobId: number): void {
  const job = tenant.batch!.jobs[String(jobId)]!
  clock.now = Math.max(clock.now, job.finishAt)
  advanceBatchJobs(tenant, clock.now)
  if (!job.done) throw new Error(`job ${jobId} did not finish`)
}

export const startClock = (): BenchClock => ({ now: NOW })

export const perSecond = (rows: number, ms: number) => `${Math.round(rows / (ms / 1000)).toLocaleString('en')} rows/s`
