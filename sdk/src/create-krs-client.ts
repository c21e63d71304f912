import { camelCase } from './camel-case.js'
import type { CallArgs, KrsOperationMethods, PagedOperationName, PageItem, PageRequest } from './call-types.js'
import type { CallOptions, KrsClientOptions } from './client-options.js'
import {
  downloadBatchJobResult,
  uploadStoredFile,
  type DownloadOptions,
  type StoredFileContent,
  type UploadOptions,
} from './file-helpers.js'
import { operationMeta } from '@krs-kit/contract/operation-meta'
import type { OperationName } from '@krs-kit/contract/operation-names'
import type { OperationResponse } from '@krs-kit/contract/operation-types'
import { paginate, pages } from './paginate.js'
import type { WaitOptions } from './poll-until.js'
import { krsPromise, type KrsPromise } from './krs-promise.js'
import { createRequestEngine, type SendOperation } from './request-engine.js'
import {
  waitForBatchJob,
  waitForDelivery,
  type BatchJobStatus,
  type DeliveryStatus,
  type WaitForDeliveryOptions,
} from './wait-helpers.js'

export interface KrsClientHelpers {
  /** The base URL requests go to (`https://krs.bz/{environmentId}` or `baseUrl`). */
  readonly baseUrl: string
  /**
   * A new client with these options over this one's (`headers` and `retry` are merged); this
   * client is not changed: `krs.withOptions({ timeoutMs: 5_000, retry: { maxRetries: 0 } }).getMemberTables()`.
   */
  withOptions(options: KrsClientOptions): KrsClient
  /**
   * Calls an operation by its API name. Body and result are the contract's types.
   * @throws {KrsApiError} on a 4xx/5xx answer; KrsNetworkError, KrsTimeoutError, KrsAbortError otherwise.
   */
  call<K extends OperationName>(name: K, ...args: CallArgs<K>): KrsPromise<OperationResponse<K>>
  /** Iterates every item of a paged operation (`for await (const m of krs.paginate(...))`). */
  paginate<K extends PagedOperationName>(
    name: K,
    body: PageRequest<K>,
    options?: CallOptions,
  ): AsyncGenerator<PageItem<K>, void, undefined>
  /** Iterates the pages of a paged operation. */
  pages<K extends PagedOperationName>(
    name: K,
    body: PageRequest<K>,
    options?: CallOptions,
  ): AsyncGenerator<OperationResponse<K>, void, undefined>
  /**
   * Polls `get_delivery_status` (every 30 s by default) until the delivery reaches `phase` (default 3),
   * for at most an hour unless `timeoutMs` says otherwise. Against the emulator with a manual clock it
   * fails at once (KrsWaitStalledError) unless `advanceClock: true`.
   */
  waitForDelivery(deliveryId: number, options?: WaitForDeliveryOptions): Promise<DeliveryStatus>
  /** Polls `get_batch_job_status` (every 30 s by default) until `progress` is 100; the same rules as `waitForDelivery`. */
  waitForBatchJob(batchJobId: number, options?: WaitOptions<BatchJobStatus>): Promise<BatchJobStatus>
  /** Uploads a CSV/TSV file (under 50 MB) with `upload_stored_files`; returns the `stored_file_id`. */
  uploadStoredFile(
    fileName: string,
    content: StoredFileContent,
    options?: UploadOptions,
  ): Promise<OperationResponse<'upload_stored_files'>>
  /** Downloads a batch job's result file (`get_batch_job_result`) as text (default) or a stream. */
  downloadBatchJobResult(batchJobId: number, options?: DownloadOptions & { as?: 'text' }): Promise<string>
  downloadBatchJobResult(
    batchJobId: number,
    options: DownloadOptions & { as: 'stream' },
  ): Promise<ReadableStream<Uint8Array>>
}

/** The client: the helpers plus one camelCase method per operation. */
export type KrsClient = KrsClientHelpers & KrsOperationMethods

/**
 * Creates a client for the KREISEL JSON API (the real service or the krs-kit mock).
 * In Node, settings not given are read from `KRS_API_TOKEN`, `KRS_ENVIRONMENT_ID` and `KRS_BASE_URL`.
 *
 * @example
 * const krs = createKrsClient({ environmentId: 'abc123', token: process.env.KRS_API_TOKEN })
 * const tables = await krs.getMemberTables()
 */
export function createKrsClient(options: KrsClientOptions = {}): KrsClient {
  const engine = createRequestEngine(options)
  const full = engine.send
  const send: SendOperation = (name, body, o, parseAs) => full(name, body, o, parseAs).then(dataOf)
  const call = (name: OperationName, body?: unknown, callOptions?: CallOptions) =>
    krsPromise(full(name, body, callOptions))
  const helpers = {
    baseUrl: engine.baseUrl,
    withOptions: (more: KrsClientOptions) => createKrsClient(mergeOptions(options, more)),
    call,
    paginate: (name: PagedOperationName, body: PageRequest<PagedOperationName>, o?: CallOptions) =>
      paginate(send, name, body, o),
    pages: (name: PagedOperationName, body: PageRequest<PagedOperationName>, o?: CallOptions) =>
      pages(send, name, body, o),
    waitForDelivery: (id: number, o?: WaitForDeliveryOptions) =>
      waitForDelivery(full, engine.emulatorClock, options.sleep, id, o),
    waitForBatchJob: (id: number, o?: WaitOptions<BatchJobStatus>) =>
      waitForBatchJob(full, engine.emulatorClock, options.sleep, id, o),
    uploadStoredFile: (fileName: string, content: StoredFileContent, o?: UploadOptions) =>
      uploadStoredFile(send, fileName, content, o),
    downloadBatchJobResult: (id: number, o?: DownloadOptions) => downloadBatchJobResult(send, id, o),
  }
  const client: Record<string, unknown> = helpers
  for (const name of Object.keys(operationMeta) as OperationName[]) {
    const method = camelCase(name)
    if (!(method in client)) client[method] = (body?: unknown, o?: CallOptions) => krsPromise(full(name, body, o))
  }
  return client as unknown as KrsClient
}

const dataOf = (r: { data: unknown }): unknown => r.data

/** `more` over `base`; the header and retry objects merged key by key. */
function mergeOptions(base: KrsClientOptions, more: KrsClientOptions): KrsClientOptions {
  const merged: KrsClientOptions = { ...base, ...more }
  if (base.headers || more.headers) merged.headers = { ...base.headers, ...more.headers }
  if (base.retry || more.retry) merged.retry = { ...base.retry, ...more.retry }
  return merged
}
