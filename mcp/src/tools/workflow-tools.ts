import { setTimeout as sleep } from 'node:timers/promises'
import { parseCsvRecords } from '@krs-kit/sdk'
import { answerText } from '../answer.js'
import { operations } from '../contract.js'
import { jstOf } from '../dates.js'
import { pageRecords } from '../paging.js'
import { expectShape, isInteger, isList, isRecord } from '../shape.js'
import { failedCall } from './api-error.js'
import { checkBody } from './operation-tools.js'
import { readOnly, refusal, type ToolContext, type ToolDef } from './tool.js'

/** The documented polling interval of the real service. */
const documentedIntervalMs = 30_000
/** The emulator with a real clock answers at once. */
const emulatorIntervalMs = 250

const id = (description: string) => ({ type: 'integer', minimum: 1, description })

const findMembers: ToolDef = {
  name: 'krs_find_members',
  title: 'Find members by a condition',
  description:
    'Counts the members matching a one-shot condition and answers the count with pages of 50 members from offset. condition_info is the OneshotConditionInfo of get_members_num_by_oneshot_condition (krs_describe_operation shows it).',
  inputSchema: {
    type: 'object',
    properties: {
      member_table_id: id('Database ID.'),
      condition_info: { type: 'object', description: '{ grouping, conditions } as in the contract.' },
      sort_key: { type: 'integer', minimum: 0, description: 'Element ID to sort by (default 0: member ID).' },
      ascending: { type: 'boolean', description: 'Default true.' },
      pages: { type: 'integer', minimum: 1, maximum: 10, description: 'How many pages of 50 to fetch (default 1).' },
      offset: {
        type: 'integer',
        minimum: 0,
        multipleOf: 50,
        description: 'The first member to fetch, a multiple of 50 (default 0); the answer gives next_offset.',
      },
    },
    required: ['member_table_id', 'condition_info'],
    additionalProperties: false,
  },
  annotations: readOnly,
  async run(args, ctx) {
    const countBody = { member_table_id: args.member_table_id, condition_info: args.condition_info }
    const bad = checkBody(operations.get_members_num_by_oneshot_condition, countBody)
    if (bad) return bad
    const step = operations.get_member_infos_by_oneshot_condition.pageStep ?? 50
    const client = ctx.session.client
    const signal = ctx.signal
    try {
      const count = expectShape<number>(
        'get_members_num_by_oneshot_condition',
        await client.call('get_members_num_by_oneshot_condition', countBody as never, { signal }),
        'an integer',
        isInteger,
      )
      const members: unknown[] = []
      const pages = (args.pages as number | undefined) ?? 1
      const first = (args.offset as number | undefined) ?? 0
      for (let offset = first; offset < Math.min(count, first + pages * step); offset += step) {
        const page = expectShape<unknown[]>(
          'get_member_infos_by_oneshot_condition',
          await client.call(
            'get_member_infos_by_oneshot_condition',
            {
              ...countBody,
              offset,
              sort_key: (args.sort_key as number | undefined) ?? 0,
              order: (args.ascending as boolean | undefined) ?? true,
            } as never,
            { signal },
          ),
          'a list of members',
          isList,
        )
        members.push(...page)
      }
      const next = first + members.length < count ? first + members.length : null
      return {
        text: answerText(
          { count, offset: first, shown: members.length, next_offset: next, members },
          ctx.maxAnswerBytes,
          (cut) =>
            `ask for fewer pages (pages: 1)${cut ? `, or call again with offset: ${first + Math.floor(cut.kept / step) * step}` : ''}`,
        ),
      }
    } catch (e) {
      return failedCall(e)
    }
  },
}

const deliveryReport: ToolDef = {
  name: 'krs_delivery_report',
  title: 'Report on one delivery',
  description:
    "One delivery's phase (0 scheduled … 3 handed over), its result counts with the derived real count (all − stopped − no_address − blacklist − unsubscribed_address) and valid count (real − error), its first error addresses and its click counts.",
  inputSchema: {
    type: 'object',
    properties: {
      delivery_id: id('Delivery ID.'),
      errors: {
        type: 'integer',
        minimum: 0,
        maximum: 1000,
        description: 'How many error addresses to show (default 20).',
      },
    },
    required: ['delivery_id'],
    additionalProperties: false,
  },
  annotations: readOnly,
  async run(args, ctx) {
    const delivery_id = args.delivery_id as number
    const client = ctx.session.client
    const signal = ctx.signal
    try {
      const [phase, progress] = expectShape<[number, number]>(
        'get_delivery_status',
        await client.call('get_delivery_status', { delivery_id }, { signal }),
        '[phase, progress]',
        (v) => Array.isArray(v) && v.length >= 2,
      )
      const result = expectShape<Awaited<ReturnType<typeof client.call<'get_delivery_result'>>>>(
        'get_delivery_result',
        await client.call('get_delivery_result', { delivery_id }, { signal }),
        'an object with count_info',
        (v) => isRecord(v) && isRecord((v as { count_info?: unknown }).count_info),
      )
      const c = result.count_info
      const real = c.all - (c.stopped + c.no_address + c.blacklist + c.unsubscribed_address)
      const errorAddresses =
        phase >= 2
          ? expectShape<unknown[]>(
              'get_addresses_for_delivery',
              await client.call('get_addresses_for_delivery', { delivery_id, type: 'error', offset: 0 }, { signal }),
              'a list of addresses',
              isList,
            )
          : []
      const clicks = await client.call('get_click_counts_for_delivery', { delivery_id }, { signal })
      const shown = (args.errors as number | undefined) ?? 20
      return {
        text: answerText(
          {
            delivery_id,
            phase,
            progress,
            counts: { ...c, real, valid: real - c.error },
            start_date: result.start_date,
            start_date_jst: jstOf(result.start_date),
            end_date: result.end_date,
            end_date_jst: jstOf(result.end_date),
            errors: { total: errorAddresses.length, first: errorAddresses.slice(0, shown) },
            click_counts: clicks,
          },
          ctx.maxAnswerBytes,
          `ask for fewer error addresses (errors: 0); all of them page by page: krs_call get_addresses_for_delivery with body { delivery_id: ${delivery_id}, type: "error", offset }`,
        ),
      }
    } catch (e) {
      return failedCall(e)
    }
  },
}

/** Polls the job; against the emulator with a manual clock, moves the clock on by the documented interval at each poll. */
async function waitForJob(
  ctx: ToolContext,
  jobId: number,
  waitMs: number,
): Promise<{ progress: number; advanced: number }> {
  const { session, signal } = ctx
  const manual =
    session.emulator && ((await session.admin('mock_get_clock', { signal })) as { mode: string }).mode === 'manual'
  const interval = session.emulator ? emulatorIntervalMs : documentedIntervalMs
  const started = Date.now()
  let advanced = 0
  for (;;) {
    signal?.throwIfAborted()
    const status = expectShape<{ progress: number }>(
      'get_batch_job_status',
      await session.client.call('get_batch_job_status', { batch_job_id: jobId }, { signal }),
      'an object with progress',
      (v) => isRecord(v) && typeof (v as { progress?: unknown }).progress === 'number',
    )
    const { progress } = status
    if (progress >= 100 || Date.now() - started >= waitMs) return { progress, advanced }
    if (manual) {
      await session.admin('mock_set_clock', { body: { advance_seconds: documentedIntervalMs / 1000 }, signal })
      advanced += documentedIntervalMs / 1000
    }
    // Stops at once when the call is cancelled (the sleep rejects with the signal's reason).
    else await sleep(Math.min(interval, Math.max(0, waitMs - (Date.now() - started))), undefined, { signal })
  }
}

const exportMembers: ToolDef = {
  name: 'krs_export_members',
  title: 'Export members',
  description:
    'Starts export_members (a write: needs --allow-writes), waits for the batch job, fetches the file and answers its row count, its columns and the rows from offset that fit the answer (each row a list in column order), with next_offset. Give batch_job_id (and offset) to read on in a job started before (a read): the whole file comes page by page. Against the emulator with a manual clock, each poll advances its clock by 30 s.',
  inputSchema: {
    type: 'object',
    properties: {
      member_table_id: id('Database ID.'),
      condition_id: id('Extraction condition ID (default 1: everyone).'),
      columnset_id: id('Column set ID (default 1: every element).'),
      batch_job_id: id('Fetch this job instead of starting one.'),
      offset: {
        type: 'integer',
        minimum: 0,
        description: 'The first row to show (default 0); answers give next_offset.',
      },
      rows: {
        type: 'integer',
        minimum: 0,
        maximum: 1000,
        description: 'At most this many rows (default: as many as fit the answer, up to 1000).',
      },
      wait_seconds: {
        type: 'integer',
        minimum: 0,
        maximum: 600,
        description: 'How long to wait for the job (default 120; the real service is polled every 30 s).',
      },
    },
    additionalProperties: false,
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run(args, ctx) {
    const { session } = ctx
    let jobId = args.batch_job_id as number | undefined
    try {
      if (jobId === undefined) {
        if (args.member_table_id === undefined)
          return refusal('give member_table_id (to start an export) or batch_job_id')
        const why = await session.writeRefusal('export_members')
        if (why) return refusal(why)
        const body = {
          member_table_id: args.member_table_id,
          condition_id: args.condition_id ?? 1,
          columnset_id: args.columnset_id ?? 1,
          is_csv: true,
        }
        const bad = checkBody(operations.export_members, body)
        if (bad) return bad
        if (ctx.signal?.aborted) return refusal('export_members: cancelled, nothing was sent')
        jobId = await session.client.call('export_members', body as never, { signal: ctx.signal })
      }
      const { progress, advanced } = await waitForJob(
        ctx,
        jobId,
        ((args.wait_seconds as number | undefined) ?? 120) * 1000,
      )
      if (progress < 100)
        return {
          text: JSON.stringify({
            batch_job_id: jobId,
            progress,
            note: 'the job is still running: call krs_export_members again with this batch_job_id',
          }),
        }
      // Cancelled while waiting: nothing is downloaded.
      ctx.signal?.throwIfAborted()
      const text = await session.client.downloadBatchJobResult(jobId, { signal: ctx.signal })
      const [header = [], ...records] = parseCsvRecords(text)
      const offset = (args.offset as number | undefined) ?? 0
      const limit = (args.rows as number | undefined) ?? 1000
      const answer = (rows: readonly string[][], next: number | null, remaining: number) => ({
        batch_job_id: jobId,
        row_count: records.length,
        columns: header,
        offset,
        rows_shown: rows.length,
        rows_remaining: remaining,
        next_offset: next,
        ...(next !== null
          ? { note: `call krs_export_members with batch_job_id: ${jobId} and offset: ${next} for the next rows` }
          : {}),
        rows,
        ...(advanced > 0 ? { emulator_clock_advanced_seconds: advanced } : {}),
      })
      const page = pageRecords(records, offset, limit, (slice) => {
        const end = offset + slice.length
        const value = answer(slice, end < records.length ? end : null, records.length - end)
        return Buffer.byteLength(JSON.stringify(value)) <= ctx.maxAnswerBytes
      })
      return {
        text: answerText(
          answer(page.slice, page.next, page.remaining),
          ctx.maxAnswerBytes,
          `call again with batch_job_id: ${jobId} and a later offset`,
        ),
      }
    } catch (e) {
      return failedCall(e)
    }
  },
}

export const workflowTools: readonly ToolDef[] = [findMembers, deliveryReport, exportMembers]
