import type { CallResult } from './send-request'

/**
 * The last request and answer shown for each operation, kept across page loads like the list
 * of calls (localStorage, never the token): an operation's page shows them again until the
 * next send. Bounded: the newest records of a few operations, each body and answer cut to a
 * size that a page load reads at once.
 */
export interface RequestRecord {
  name: string
  at: string
  /** The target's kind (emulator, local, real). */
  target: string
  /** The request body as sent; null when it was larger than the bound (the page keeps its own). */
  body: string | null
  result: CallResult
  /** The answer's text was cut to the bound (the copy and the rendering use what is kept). */
  truncated: boolean
}

/** localStorage key of the records, newest first. */
export const RECORDS_KEY = 'krs-playground-records'
/** Operations whose last call is kept. */
export const MAX_RECORDS = 20
/** Characters kept of a body and of an answer (a member list answer is about 40 KB). */
export const MAX_RECORD_TEXT = 64 * 1024

/** The storage the records live in (a stand-in in tests); null when the page has none. */
type RecordStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
const pageStorage = (): RecordStorage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

const isRecord = (v: unknown): v is RequestRecord => {
  const r = v as RequestRecord | null
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.name === 'string' &&
    typeof r.at === 'string' &&
    typeof r.target === 'string' &&
    (r.body === null || typeof r.body === 'string') &&
    typeof r.result === 'object' &&
    r.result !== null &&
    typeof r.result.status === 'number' &&
    typeof r.result.text === 'string' &&
    Array.isArray(r.result.headers)
  )
}

function readRecords(storage: RecordStorage | null): RequestRecord[] {
  try {
    const v = JSON.parse(storage?.getItem(RECORDS_KEY) ?? '[]') as unknown
    return Array.isArray(v) ? v.filter(isRecord) : []
  } catch {
    return []
  }
}

/** The last record of `name`, or null. */
export function recordOf(name: string, storage: RecordStorage | null = pageStorage()): RequestRecord | null {
  return readRecords(storage).find((r) => r.name === name) ?? null
}

/** Keeps the call as `name`'s record (replacing its earlier one), within the bounds. */
export function saveRecord(
  call: { name: string; at: string; target: string; body: string; result: CallResult },
  storage: RecordStorage | null = pageStorage(),
): RequestRecord {
  const truncated = call.result.text.length > MAX_RECORD_TEXT
  const record: RequestRecord = {
    name: call.name,
    at: call.at,
    target: call.target,
    body: call.body.length > MAX_RECORD_TEXT ? null : call.body,
    result: truncated ? { ...call.result, text: call.result.text.slice(0, MAX_RECORD_TEXT) } : call.result,
    truncated,
  }
  let next = [record, ...readRecords(storage).filter((r) => r.name !== call.name)].slice(0, MAX_RECORDS)
  // A full storage (other keys of the site use it too) drops the oldest records first.
  while (next.length > 0) {
    try {
      storage?.setItem(RECORDS_KEY, JSON.stringify(next))
      break
    } catch {
      next = next.slice(0, -1)
    }
  }
  return record
}

/** Forgets every record (the emulator was reset: its answers are gone with its state). */
export function clearRecords(storage: RecordStorage | null = pageStorage()): void {
  try {
    storage?.removeItem(RECORDS_KEY)
  } catch {
    // no storage
  }
}
