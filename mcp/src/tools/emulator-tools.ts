import { answerText, type CutOptions } from '../answer.js'
import { jstOf } from '../dates.js'
import { AdminError } from '../session.js'
import { refusal, type ToolAnnotations, type ToolAnswer, type ToolContext, type ToolDef } from './tool.js'

// These change only the emulator (they are offered only when the target answers
// X-Krs-Emulator), so --allow-writes does not gate them; their annotations still say what they do.
const changes: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: false,
}
const reads: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
}

async function admin(
  ctx: ToolContext,
  run: () => Promise<unknown>,
  hint: string,
  cut?: CutOptions,
): Promise<ToolAnswer> {
  try {
    return { text: answerText(await run(), ctx.maxAnswerBytes, hint, cut) }
  } catch (e) {
    if (e instanceof AdminError) return refusal(e.message)
    return refusal(`the emulator could not be reached: ${(e as Error).message}`)
  }
}

const query = (params: Record<string, unknown>): string => {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, String(v))
  const s = q.toString()
  return s ? `?${s}` : ''
}

const advanceClock: ToolDef = {
  name: 'emulator_advance_clock',
  title: 'Advance the emulator clock',
  description:
    "Moves the emulator's virtual clock on; every transition that falls due (delivery phases, agent programs, batch jobs) runs before it answers. Answers the clock { now (unix seconds), now_jst, mode }. mode 'manual' stops it following real time.",
  inputSchema: {
    type: 'object',
    properties: {
      seconds: { type: 'integer', minimum: 0, maximum: 315576000, description: 'Seconds to advance.' },
      mode: { type: 'string', enum: ['real', 'manual'], description: 'Set the mode first.' },
    },
    additionalProperties: false,
  },
  annotations: changes,
  run: (args, ctx) =>
    admin(
      ctx,
      async () => {
        const clock = (await ctx.session.admin('POST', '/__mock/clock', {
          ...(args.mode !== undefined ? { mode: args.mode } : {}),
          ...(args.seconds !== undefined ? { advance_seconds: args.seconds } : {}),
        })) as { now?: unknown }
        return { ...clock, now_jst: jstOf(clock.now) }
      },
      '',
    ),
}

const outbox: ToolDef = {
  name: 'emulator_outbox',
  title: 'Mails of a delivery (emulator)',
  description:
    'The mails a delivery sends, rendered per recipient (headers, text and HTML parts with members merged in). Empty before the hand-over (phase 2) starts.',
  inputSchema: {
    type: 'object',
    properties: {
      delivery_id: { type: 'integer', minimum: 1 },
      offset: { type: 'integer', minimum: 0, description: 'First recipient (default 0).' },
      limit: { type: 'integer', minimum: 1, maximum: 100, description: 'Mails to answer (default 5).' },
    },
    required: ['delivery_id'],
    additionalProperties: false,
  },
  annotations: reads,
  run: (args, ctx) =>
    admin(
      ctx,
      () =>
        ctx.session.admin(
          'GET',
          `/__mock/outbox${query({ delivery_id: args.delivery_id, offset: args.offset, limit: args.limit ?? 5 })}`,
        ),
      'ask for fewer mails (limit) and page with offset',
    ),
}

const injectFault: ToolDef = {
  name: 'emulator_inject_fault',
  title: 'Inject a fault (emulator)',
  description:
    "Makes the next `count` calls of `operation` ('*' = all) fail with `error_code` (and/or `status`), or wait `delay_ms` first. krs-mcp never retries a call to the emulator, so count: 1 fails exactly the next call made through these tools. { clear: true } removes every fault. Answers the active faults.",
  inputSchema: {
    type: 'object',
    properties: {
      operation: { type: 'string', description: "API name or '*'." },
      error_code: { type: 'string', description: 'A catalogue code, e.g. KRSKIT_HIGH_LOAD.' },
      status: { type: 'integer', minimum: 100, maximum: 599 },
      delay_ms: { type: 'integer', minimum: 0, maximum: 60000 },
      count: { type: 'integer', minimum: 1 },
      clear: { type: 'boolean', const: true },
    },
    additionalProperties: false,
  },
  annotations: changes,
  async run(args, ctx) {
    if (args.clear === true) return admin(ctx, () => ctx.session.admin('POST', '/__mock/faults', { clear: true }), '')
    if (args.operation === undefined) return refusal('give operation (or clear: true)')
    return admin(ctx, () => ctx.session.admin('POST', '/__mock/faults', args), '')
  },
}

const journal: ToolDef = {
  name: 'emulator_journal',
  title: 'Request journal (emulator)',
  description:
    "The emulator's record of the latest API requests of this tenant, oldest first: operation, status, error code, request and response bodies, request id. A cut keeps the newest entries and says how many older ones it left out.",
  inputSchema: {
    type: 'object',
    properties: {
      operation: { type: 'string', description: 'Only this API name.' },
      limit: { type: 'integer', minimum: 1, maximum: 500, description: 'The newest this many (default 10).' },
    },
    additionalProperties: false,
  },
  annotations: reads,
  run: (args, ctx) =>
    admin(
      ctx,
      () => ctx.session.admin('GET', `/__mock/journal${query({ operation: args.operation, limit: args.limit ?? 10 })}`),
      'ask for fewer entries (limit) or one operation',
      { keep: 'last' },
    ),
}

const reset: ToolDef = {
  name: 'emulator_reset',
  title: 'Reset the emulator tenant',
  description:
    "Rebuilds this tenant's data from its scenario (members generated again from seed and count); the clock and the tokens stay, the journal and faults are cleared. It erases what was written: a server started without --allow-writes runs it only with confirm: true.",
  inputSchema: {
    type: 'object',
    properties: {
      confirm: { type: 'boolean', description: "true: erase this tenant's data (needed without --allow-writes)." },
      seed: { type: 'integer', description: 'Seed of the generated members.' },
      members: { type: 'integer', minimum: 0, maximum: 100000, description: 'How many members to generate.' },
    },
    additionalProperties: false,
  },
  annotations: { ...changes, destructiveHint: true, idempotentHint: true },
  run: (args, ctx) => {
    const { confirm, ...body } = args
    if (!ctx.session.options.allowWrites && confirm !== true)
      return Promise.resolve(
        refusal(
          "emulator_reset erases this tenant's data and this server is read-only: nothing was done. Call it again with confirm: true if that is what the user wants.",
        ),
      )
    return admin(ctx, () => ctx.session.admin('POST', '/__mock/reset', body), '')
  },
}

const createTenant: ToolDef = {
  name: 'emulator_create_tenant',
  title: 'Create an emulator tenant',
  description:
    'Creates a fresh tenant that shares nothing with the others, and switches this server to it (its base URL and the token of the chosen account; token values are never shown). Answers the tenant id, base URL and account token names.',
  inputSchema: {
    type: 'object',
    properties: {
      seed: { type: 'integer' },
      members: { type: 'integer', minimum: 0, maximum: 100000 },
      manual_clock: { type: 'boolean', description: 'Start its clock in manual mode (moves only when advanced).' },
      token_name: { type: 'string', description: 'Which account to use (default krs-all).' },
    },
    additionalProperties: false,
  },
  annotations: changes,
  run: (args, ctx) =>
    admin(
      ctx,
      async () => {
        const created = (await ctx.session.admin('POST', '/__mock/tenants', {
          ...(args.seed !== undefined ? { seed: args.seed } : {}),
          ...(args.members !== undefined ? { members: args.members } : {}),
          ...(args.manual_clock ? { clock: { mode: 'manual' } } : {}),
        })) as { tenant_id: string; tokens: Record<string, string>; base_url: string }
        for (const value of Object.values(created.tokens)) ctx.session.addSecret(value)
        const name = (args.token_name as string | undefined) ?? 'krs-all'
        const token = created.tokens[name]
        if (token === undefined)
          throw new AdminError(
            `the tenant has no token named ${name}; its tokens: ${Object.keys(created.tokens).join(', ')}`,
          )
        ctx.session.switchTenant(created.base_url, token)
        return {
          tenant_id: created.tenant_id,
          base_url: created.base_url,
          using_token: name,
          token_names: Object.keys(created.tokens),
          note: 'this server now calls the new tenant',
        }
      },
      '',
    ),
}

export const emulatorTools: readonly ToolDef[] = [advanceClock, outbox, injectFault, journal, reset, createTenant]
