import { parseCsvRecords } from '@krs-kit/sdk'
import { answerText } from '../answer.js'
import { operations } from '../contract.js'
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
    'Counts the members matching a one-shot condition and answers the count with the first pages (50 members each). condition_info is the OneshotConditionInfo of get_members_num_by_oneshot_condition (krs_describe_operation shows it).',
  inputSchema: {
    type: 'object',
    properties: {
      member_table_id: id('Database ID.'),
      condition_info: { type: 'object', description: '{ grouping, conditions } as in the contract.' },
      sort_key: { type: 'integer', minimum: 0, description: 'Element ID to sort by (default 0: member ID).' },
      ascending: { type: 'boolean', description: 'Default true.' },
      pages: { type: 'integer', minimum: 1, maximum: 10, description: 'How many pages of 50 to fetch (default 1).' },
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
    try {
      const count = await client.call('get_members_num_by_oneshot_condition', countBody as never)
      const members: unknown[] = []
      const pages = (args.pages as number | undefined) ?? 1
      for (let offset = 0; offset < Math.min(count, pages * step); offset += step) {
        const page = await client.call('get_member_infos_by_oneshot_condition', {
          ...countBody,
          offset,
          sort_key: (args.sort_key as number | undefined) ?? 0,
          order: (args.ascending as boolean | undefined) ?? true,
        } as never)
        members.push(...page)
      }
      const next = members.length < count ? members.length : null
      return {
        text: answerText(
          { count, shown: members.length, next_offset: next, members },
          ctx.maxAnswerBytes,
          'ask for fewer pages, or page on with get_member_infos_by_oneshot_condition through krs_call',
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
    try {
      const [phase, progress] = await client.call('get_delivery_status', { delivery_id })
      const result = await client.call('get_delivery_result', { delivery_id })
      const c = result.count_info
      const real = c.all - (c.stopped + c.no_address + c.blacklist + c.unsubscribed_address)
      const errorAddresses =
        phase >= 2 ? await client.call('get_addresses_for_delivery', { delivery_id, type: 'error', offset: 0 }) : []
      const clicks = await client.call('get_click_counts_for_delivery', { delivery_id })
      const shown = (args.errors as number | undefined) ?? 20
      return {
        text: answerText(
          {
            delivery_id,
            phase,
            progress,
            counts: { ...c, real, valid: real - c.error },
            start_date: result.start_date,
            end_date: result.end_date,
            errors: { total: errorAddresses.length, first: errorAddresses.slice(0, shown) },
            click_counts: clicks,
          },
          ctx.maxAnswerBytes,
          'ask for fewer error addresses (errors: 0)',
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
  const { session } = ctx
  const manual = session.emulator && ((await session.admin('mock_get_clock')) as { mode: string }).mode === 'manual'
  const interval = session.emulator ? emulatorIntervalMs : documentedIntervalMs
  const started = Date.now()
  let advanced = 0
  for (;;) {
    const { progress } = await session.client.call('get_batch_job_status', { batch_job_id: jobId })
    if (progress >= 100 || Date.now() - started >= waitMs) return { progress, advanced }
    if (manual) {
      await session.admin('mock_set_clock', { body: { advance_seconds: documentedIntervalMs / 1000 } })
      advanced += documentedIntervalMs / 1000
    } else await new Promise((r) => setTimeout(r, Math.min(interval, Math.max(0, waitMs - (Date.now() - started)))))
  }
}

const exportMembers: ToolDef = {
  name: 'krs_export_members',
  title: 'Export members',
  description:
    'Starts export_members (a write: needs --allow-writes), waits for the batch job, fetches the file and answers its row count and first rows. Give batch_job_id instead to fetch a job started before (a read). Against the emulator with a manual clock, each poll advances its clock by 30 s.',
  inputSchema: {
    type: 'object',
    properties: {
      member_table_id: id('Database ID.'),
      condition_id: id('Extraction condition ID (default 1: everyone).'),
      columnset_id: id('Column set ID (default 1: every element).'),
      batch_job_id: id('Fetch this job instead of starting one.'),
      rows: { type: 'integer', minimum: 0, maximum: 1000, description: 'How many rows to show (default 20).' },
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
        jobId = await session.client.call('export_members', body as never)
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
      const text = await session.client.downloadBatchJobResult(jobId)
      const [header = [], ...records] = parseCsvRecords(text)
      const shown = (args.rows as number | undefined) ?? 20
      return {
        text: answerText(
          {
            batch_job_id: jobId,
            row_count: records.length,
            columns: header,
            rows: records.slice(0, shown).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? '']))),
            ...(advanced > 0 ? { emulator_clock_advanced_seconds: advanced } : {}),
          },
          ctx.maxAnswerBytes,
          'ask for fewer rows',
        ),
      }
    } catch (e) {
      return failedCall(e)
    }
  },
}

export const workflowTools: readonly ToolDef[] = [findMembers, deliveryReport, exportMembers]
