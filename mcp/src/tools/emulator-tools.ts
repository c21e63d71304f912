import type { AdminBody, AdminQuery } from '@krs-kit/contract/admin-client'
import {
  addFaultBody,
  createTenantBody,
  getJournalParameters,
  getOutboxParameters,
  resetBody,
  setClockBody,
} from '@krs-kit/contract/admin-requests'
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

type Schema = { [key: string]: unknown }

/** A property of an object schema, looked for in its `properties` and in its `oneOf`/`anyOf`/`allOf` branches. */
function propertyOf(schema: unknown, key: string): Schema | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined
  const s = schema as { properties?: Record<string, Schema>; oneOf?: unknown[]; anyOf?: unknown[]; allOf?: unknown[] }
  const own = s.properties?.[key]
  if (own !== undefined) return own
  for (const branch of [...(s.oneOf ?? []), ...(s.anyOf ?? []), ...(s.allOf ?? [])]) {
    const found = propertyOf(branch, key)
    if (found !== undefined) return found
  }
  return undefined
}

/**
 * A tool argument with the bounds the admin contract gives the body property or query
 * parameter it is sent as (spec/admin.openapi.yaml: the named schemas of the generated
 * admin-requests.ts), so the tools never re-type them; a property the contract no longer has
 * fails at load.
 */
function fromContract(source: unknown, key: string, description?: string): Schema {
  const schema = propertyOf(source, key) ?? (source as Record<string, unknown>)[key]
  if (typeof schema !== 'object' || schema === null) throw new Error(`the admin contract has no ${key} here`)
  return description === undefined ? { ...schema } : { ...schema, description }
}

/** The arguments that are set (an unset argument is left out of the call). */
function given(args: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => args[k] !== undefined).map((k) => [k, args[k]]))
}

const advanceClock: ToolDef = {
  name: 'emulator_advance_clock',
  title: 'Advance the emulator clock',
  description:
    "Moves the emulator's virtual clock on; every transition that falls due (delivery phases, agent programs, batch jobs) runs before it answers. Answers the clock { now (unix seconds), now_jst, mode }. mode 'manual' stops it following real time.",
  inputSchema: {
    type: 'object',
    properties: {
      seconds: fromContract(setClockBody, 'advance_seconds', 'Seconds to advance.'),
      mode: fromContract(setClockBody, 'mode', 'Set the mode first.'),
    },
    additionalProperties: false,
  },
  annotations: changes,
  run: (args, ctx) =>
    admin(
      ctx,
      async () => {
        const clock = (await ctx.session.admin('mock_set_clock', {
          body: {
            ...(args.mode !== undefined ? { mode: args.mode as 'real' | 'manual' } : {}),
            ...(args.seconds !== undefined ? { advance_seconds: args.seconds as number } : {}),
          },
          signal: ctx.signal,
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
      delivery_id: fromContract(getOutboxParameters, 'delivery_id'),
      offset: fromContract(getOutboxParameters, 'offset', 'First recipient (default 0).'),
      limit: fromContract(getOutboxParameters, 'limit', 'Mails to answer (default 5).'),
    },
    required: ['delivery_id'],
    additionalProperties: false,
  },
  annotations: reads,
  run: (args, ctx) =>
    admin(
      ctx,
      () =>
        ctx.session.admin('mock_get_outbox', {
          query: { ...given(args, ['delivery_id', 'offset']), limit: args.limit ?? 5 } as AdminQuery<'mock_get_outbox'>,
          signal: ctx.signal,
        }),
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
      operation: fromContract(addFaultBody, 'operation', "API name or '*'."),
      error_code: fromContract(addFaultBody, 'error_code', 'A catalogue code, e.g. KRSKIT_HIGH_LOAD.'),
      status: fromContract(addFaultBody, 'status'),
      delay_ms: fromContract(addFaultBody, 'delay_ms'),
      count: fromContract(addFaultBody, 'count'),
      clear: fromContract(addFaultBody, 'clear'),
    },
    additionalProperties: false,
  },
  annotations: changes,
  async run(args, ctx) {
    const signal = ctx.signal
    if (args.clear === true)
      return admin(ctx, () => ctx.session.admin('mock_add_fault', { body: { clear: true }, signal }), '')
    if (args.operation === undefined) return refusal('give operation (or clear: true)')
    return admin(
      ctx,
      () => ctx.session.admin('mock_add_fault', { body: args as AdminBody<'mock_add_fault'>, signal }),
      '',
    )
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
      operation: fromContract(getJournalParameters, 'operation', 'Only this API name.'),
      limit: fromContract(getJournalParameters, 'limit', 'The newest this many (default 10).'),
    },
    additionalProperties: false,
  },
  annotations: reads,
  run: (args, ctx) =>
    admin(
      ctx,
      () =>
        ctx.session.admin('mock_get_journal', {
          query: { ...given(args, ['operation']), limit: args.limit ?? 10 } as AdminQuery<'mock_get_journal'>,
          signal: ctx.signal,
        }),
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
      seed: fromContract(resetBody, 'seed', 'Seed of the generated members.'),
      members: fromContract(resetBody, 'members', 'How many members to generate.'),
    },
    additionalProperties: false,
  },
  annotations: { ...changes, destructiveHint: true, idempotentHint: true },
  run: (args, ctx) => {
    const body = given(args, ['seed', 'members']) as AdminBody<'mock_reset'>
    if (!ctx.session.options.allowWrites && args.confirm !== true)
      return Promise.resolve(
        refusal(
          "emulator_reset erases this tenant's data and this server is read-only: nothing was done. Call it again with confirm: true if that is what the user wants.",
        ),
      )
    return admin(ctx, () => ctx.session.admin('mock_reset', { body, signal: ctx.signal }), '')
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
      seed: fromContract(createTenantBody, 'seed'),
      members: fromContract(createTenantBody, 'members'),
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
        const created = (await ctx.session.admin('mock_create_tenant', {
          body: {
            ...given(args, ['seed', 'members']),
            ...(args.manual_clock ? { clock: { mode: 'manual' as const } } : {}),
          },
          signal: ctx.signal,
        })) as { tenant_id: string; tokens: Record<string, string>; base_url: string }
        for (const value of Object.values(created.tokens)) ctx.session.addSecret(value)
        const name = (args.token_name as string | undefined) ?? 'krs-all'
        // the answer's own token names only (CreatedTenant.tokens: name → text), never an
        // inherited member such as `__proto__` or `constructor`
        const token = Object.hasOwn(created.tokens, name) ? created.tokens[name] : undefined
        if (typeof token !== 'string')
          throw new AdminError(
            `tenant ${created.tenant_id} was created, but it has no token named ${JSON.stringify(name)} (its tokens: ${Object.keys(created.tokens).join(', ')}); this server still calls the tenant it called`,
          )
        await ctx.session.switchTenant(created.base_url, token)
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
