import type { OperationRequest, OperationResponse } from '@krs-kit/contract/operation-types'
import { pollUntil, type EmulatorClockAccess, type WaitOptions } from './poll-until.js'
import type { SendWithResponse } from './request-engine.js'

/** `get_delivery_status`: `[phase, info]`; phase 0 scheduled, 1 building the list, 2 handing over, 3 finished. */
export type DeliveryStatus = OperationResponse<'get_delivery_status'>
/** `get_batch_job_status`: `progress` reaches 100 when the job is done. */
export type BatchJobStatus = OperationResponse<'get_batch_job_status'>

export interface WaitForDeliveryOptions extends WaitOptions<DeliveryStatus> {
  /** The phase to wait for (default 3, hand-over finished). */
  phase?: 0 | 1 | 2 | 3 | undefined
}

/** The header by which the krs-kit emulator names itself on every answer. */
const emulatorHeader = 'x-krs-emulator'

export function waitForDelivery(
  send: SendWithResponse,
  clock: EmulatorClockAccess,
  sleep: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined,
  deliveryId: number,
  options: WaitForDeliveryOptions = {},
): Promise<DeliveryStatus> {
  const phase = options.phase ?? 3
  const body: OperationRequest<'get_delivery_status'> = { delivery_id: deliveryId }
  return pollUntil(
    'get_delivery_status',
    async (signal) => {
      const r = await send('get_delivery_status', body, { signal })
      return { status: r.data as DeliveryStatus, emulator: r.response.headers.has(emulatorHeader) }
    },
    (status) => status[0] >= phase,
    { notReached: `delivery ${deliveryId} did not reach phase ${phase}`, last: (s) => `last seen at phase ${s[0]}` },
    options,
    clock,
    sleep,
  )
}

export function waitForBatchJob(
  send: SendWithResponse,
  clock: EmulatorClockAccess,
  sleep: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined,
  batchJobId: number,
  options: WaitOptions<BatchJobStatus> = {},
): Promise<BatchJobStatus> {
  const body: OperationRequest<'get_batch_job_status'> = { batch_job_id: batchJobId }
  return pollUntil(
    'get_batch_job_status',
    async (signal) => {
      const r = await send('get_batch_job_status', body, { signal })
      return { status: r.data as BatchJobStatus, emulator: r.response.headers.has(emulatorHeader) }
    },
    (status) => status.progress >= 100,
    { notReached: `batch job ${batchJobId} did not finish`, last: (s) => `last progress ${s.progress}%` },
    options,
    clock,
    sleep,
  )
}
