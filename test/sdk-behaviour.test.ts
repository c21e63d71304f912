import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKrsClient, defaultPollIntervalMs, defaultWaitTimeoutMs, minPollIntervalMs } from '@krs-kit/sdk'
import { newTenant, type Tenant } from './support/tenant.js'

// The TypeScript half of the SDK behaviour table (spec/sdk-behaviour.json): every row runs
// against the run's emulator; sdk-php/tests/BehaviourTableTest.php runs the same rows with
// the PHP SDK. A section or key this runner does not know fails, so a row cannot be skipped
// by accident.

interface ErrorExpectation {
  ts: string
  php: string
  status?: number
  code?: string
}
type Row = Record<string, unknown> & { name: string }
interface Table {
  constants: Record<string, number>
  calls: Row[]
  waits: Row[]
  paging: Row[]
  headers: Row[]
}

const table = JSON.parse(readFileSync(new URL('../spec/sdk-behaviour.json', import.meta.url), 'utf8')) as Table
const KNOWN: Record<'calls' | 'waits' | 'paging' | 'headers', string[]> = {
  calls: ['name', 'operation', 'faults', 'attempts', 'maxRetries', 'error', 'sleeps', 'duplicate'],
  waits: ['name', 'clock', 'deliveryIn', 'options', 'polls', 'error', 'phase'],
  paging: ['name', 'operation', 'body', 'countOperation', 'countBody', 'firstOffset'],
  headers: [
    'name',
    'operation',
    'faults',
    'attempts',
    'expect',
    'distinctRequestIds',
    'requestId',
    'expectRequestIds',
    'token',
    'headers',
  ],
}
const WAIT_OPTIONS = ['advanceClock', 'interval', 'timeout']

let t: Tenant
let unique = 0
beforeAll(async () => {
  t = await newTenant()
})
afterAll(async () => {
  await t.dispose()
})

it('the table has only the sections and keys this runner knows', () => {
  expect(Object.keys(table).filter((k) => k !== '$comment')).toEqual(['constants', ...Object.keys(KNOWN)])
  for (const section of Object.keys(KNOWN) as Array<keyof typeof KNOWN>)
    for (const row of table[section])
      expect(
        Object.keys(row).filter((k) => !KNOWN[section].includes(k)),
        `${section}: ${row.name}`,
      ).toEqual([])
})

it('the wait constants', () => {
  expect(Object.keys(table.constants).sort()).toEqual([
    'pageStep',
    'waitIntervalSeconds',
    'waitMinIntervalSeconds',
    'waitTimeoutSeconds',
  ])
  expect(defaultWaitTimeoutMs).toBe((table.constants.waitTimeoutSeconds ?? 0) * 1000)
  expect(defaultPollIntervalMs).toBe((table.constants.waitIntervalSeconds ?? 0) * 1000)
  expect(minPollIntervalMs).toBe((table.constants.waitMinIntervalSeconds ?? 0) * 1000)
})

async function admin(method: string, path: string, body?: unknown): Promise<unknown> {
  const r = await t.admin(method, path, body)
  if (r.status !== 200) throw new Error(`${method} /__mock/${path}: ${r.status} ${JSON.stringify(r.json)}`)
  return r.json
}
const journal = async (operation: string) =>
  ((await admin('GET', `journal?operation=${operation}`)) as { entries: Array<{ request: unknown; status: number }> })
    .entries
async function prepare(operation: string, faults: unknown): Promise<void> {
  await admin('POST', 'faults', { clear: true })
  await admin('DELETE', 'journal')
  for (const f of (faults as object[] | undefined) ?? []) await admin('POST', 'faults', { operation, ...f })
}

function body(operation: string): Record<string, unknown> {
  if (operation === 'get_member_tables') return {}
  if (operation === 'add_member')
    return {
      member_table_id: 1,
      member_info: { e_4: `behaviour-ts-${++unique}@example.com`, e_5: 'abcd1234', e_6: '表 太郎' },
    }
  throw new Error(`the TypeScript runner has no body for ${operation}`)
}

function expectError(e: unknown, want: ErrorExpectation): void {
  expect(e, 'an error').toBeInstanceOf(Error)
  const err = e as Error & { status?: number; code?: string }
  expect(err.name).toBe(want.ts)
  expect(err.constructor.name).toBe(want.ts)
  if (want.status !== undefined) expect(err.status).toBe(want.status)
  if (want.code !== undefined) expect(err.code).toBe(want.code)
}

const sub = (s: string) => s.replace('{token}', t.token)

describe('calls: retries and error classes', () => {
  for (const row of table.calls) {
    it(row.name, async () => {
      const operation = row.operation as string
      const sleeps: number[] = []
      const krs = createKrsClient({
        baseUrl: t.baseUrl,
        token: t.token,
        retry: { maxRetries: (row.maxRetries as number | undefined) ?? 2, baseDelayMs: 1 },
        sleep: async (ms) => void sleeps.push(ms),
      })
      const sent = body(operation)
      if (row.duplicate === true) await krs.call(operation as 'add_member', sent as never)
      await prepare(operation, row.faults)
      const outcome = await krs.call(operation as 'get_member_tables', sent as never).then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      )
      if (row.error) expectError((outcome as { error?: unknown }).error, row.error as ErrorExpectation)
      else expect(outcome).not.toHaveProperty('error')
      expect((await journal(operation)).length).toBe(row.attempts)
      if (row.sleeps) expect(sleeps.map((ms) => ms / 1000)).toEqual(row.sleeps)
    })
  }
})

describe('waits', () => {
  for (const row of table.waits) {
    it(row.name, async () => {
      const options = row.options as Record<string, unknown>
      expect(Object.keys(options).filter((k) => !WAIT_OPTIONS.includes(k))).toEqual([])
      await admin('POST', 'clock', { mode: row.clock })
      const krs = createKrsClient({ baseUrl: t.baseUrl, token: t.token })
      const now = ((await admin('GET', 'clock')) as { now: number }).now
      const message = await krs.addMailMessage({
        member_table_id: 1,
        mail_info: { type: 1, from: 'info@example.com', subject: '表の配信', text_part: '本文\n' },
      })
      const delivery = await krs.addDeliverySchedule({
        mail_message_id: message,
        delivery_info: {
          title: '表の配信',
          condition_id: 1,
          element_id: 4,
          delivery_date: now + (row.deliveryIn as number),
        },
      })
      await admin('DELETE', 'journal')
      const ms = (key: string) => (options[key] === undefined ? undefined : (options[key] as number) * 1000)
      const outcome = await krs
        .waitForDelivery(delivery, {
          advanceClock: options.advanceClock as boolean | undefined,
          intervalMs: ms('interval'),
          timeoutMs: ms('timeout'),
        })
        .then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        )
      if (row.error) expectError((outcome as { error?: unknown }).error, row.error as ErrorExpectation)
      else expect((outcome as { value?: unknown[] }).value?.[0]).toBe(row.phase)
      if (row.polls !== undefined) expect((await journal('get_delivery_status')).length).toBe(row.polls)
    })
  }
})

describe('paging', () => {
  const step = table.constants.pageStep as number
  for (const row of table.paging) {
    it(row.name, async () => {
      const krs = createKrsClient({ baseUrl: t.baseUrl, token: t.token })
      const count = (await krs.call(
        row.countOperation as 'get_members_num_by_condition',
        row.countBody as never,
      )) as number
      await admin('DELETE', 'journal')
      const items: unknown[] = []
      for await (const item of krs.paginate(row.operation as 'get_member_infos_by_condition', row.body as never))
        items.push(item)
      const first = row.firstOffset as number
      const offsets = (await journal(row.operation as string)).map((e) => (e.request as { offset: number }).offset)
      expect(items.length).toBe(Math.max(0, count - first))
      expect(offsets).toEqual(
        Array.from({ length: Math.floor((count - first) / step) + 1 }, (_, i) => first + i * step),
      )
    })
  }
})

describe('headers', () => {
  for (const row of table.headers) {
    it(row.name, async () => {
      const operation = row.operation as string
      const seen: Array<Record<string, string>> = []
      const headers = Object.fromEntries(
        Object.entries((row.headers as Record<string, string> | undefined) ?? {}).map(([k, v]) => [k, sub(v)]),
      )
      const krs = createKrsClient({
        baseUrl: t.baseUrl,
        token: (row.token as string | undefined) ?? t.token,
        headers,
        retry: { baseDelayMs: 1 },
        sleep: async () => {},
        fetch: (request) => {
          seen.push(Object.fromEntries(request.headers))
          return fetch(request)
        },
      })
      await prepare(operation, row.faults)
      const requestId = row.requestId as string | undefined
      await krs.call(operation as 'get_member_tables', body(operation) as never, { requestId })
      expect(seen.length).toBe(row.attempts)
      expect((await journal(operation)).length).toBe(row.attempts)
      for (const sent of seen)
        for (const [name, pattern] of Object.entries((row.expect as Record<string, string> | undefined) ?? {}))
          expect(sent[name], name).toMatch(new RegExp(sub(pattern)))
      const ids = seen.map((h) => h['x-request-id'])
      if (row.distinctRequestIds) expect(new Set(ids).size).toBe(ids.length)
      if (row.expectRequestIds) expect(ids).toEqual(row.expectRequestIds)
    })
  }
})
