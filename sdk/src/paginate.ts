import type { PagedOperationName, PageItem, PageRequest } from './call-types.js'
import type { CallOptions } from './client-options.js'
import { KrsSdkError } from './errors.js'
import { operationMeta } from '@krs-kit/contract/operation-meta'
import type { OperationResponse } from '@krs-kit/contract/operation-types'
import type { SendOperation } from './request-engine.js'

/**
 * Whether another page may follow. A list page is complete when it holds a full step.
 * An object page (posted images: member ID → album → images) leaves out members without
 * images, so it can be short in the middle of the list: only an empty one ends it.
 */
function mayContinue(page: unknown, step: number): boolean {
  if (Array.isArray(page)) return page.length >= step
  if (typeof page === 'object' && page !== null) return Object.keys(page).length > 0
  return false
}

function isEmpty(page: unknown): boolean {
  if (Array.isArray(page)) return page.length === 0
  return typeof page !== 'object' || page === null || Object.keys(page).length === 0
}

/**
 * Every page of a paged operation, from `body.offset` (default 0) on, moving `offset` by the
 * operation's step from the contract (`x-krs-page-step`). Stops after the first short or
 * empty list page, or the first empty object page. Empty pages are not yielded.
 */
export async function* pages<K extends PagedOperationName>(
  send: SendOperation,
  name: K,
  body: PageRequest<K>,
  options?: CallOptions,
): AsyncGenerator<OperationResponse<K>, void, undefined> {
  const step = operationMeta[name]?.pageStep
  if (!step) throw new KrsSdkError(`${name} is not a paged operation`, name)
  let offset = body.offset ?? 0
  for (;;) {
    const page = (await send(name, { ...body, offset }, options)) as OperationResponse<K>
    if (!isEmpty(page)) yield page
    if (!mayContinue(page, step)) return
    offset += step
  }
}

/** Every item of every page (array elements, or `[key, value]` entries of object pages). */
export async function* paginate<K extends PagedOperationName>(
  send: SendOperation,
  name: K,
  body: PageRequest<K>,
  options?: CallOptions,
): AsyncGenerator<PageItem<K>, void, undefined> {
  for await (const page of pages(send, name, body, options)) {
    if (Array.isArray(page)) yield* page as PageItem<K>[]
    else yield* Object.entries(page as object) as PageItem<K>[]
  }
}
