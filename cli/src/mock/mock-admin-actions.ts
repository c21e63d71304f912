import type { Command } from 'commander'
import { printResult } from '../commands/print-result.js'
import { connectionFlags, type GlobalOptions } from '../commands/global-options.js'
import { configPath } from '../config/config-path.js'
import { readConfig, writeConfig } from '../config/config-file.js'
import { resolveConnection } from '../config/resolve-connection.js'
import { UsageError } from '../exit-codes.js'
import type { CliIo } from '../io.js'
import { timeArgument } from '../workflows/parse-args.js'
import { adminRequest, adminOrigin } from './mock-admin.js'

function integer(name: string, text: string | undefined, min = 0): number | undefined {
  if (text === undefined) return undefined
  const n = Number(text)
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < min) throw new UsageError(`${name} must be an integer >= ${min} (got "${text}")`)
  return n
}

/**
 * A subcommand's options. `krs mock` has options of the same names (--seed, --members,
 * --clock), and commander gives options written after a subcommand to the parent that
 * knows them: merge the ancestors' values (the subcommand's own win).
 */
function subcommandOptions<T extends object>(cmd: Command): T {
  return cmd.optsWithGlobals<T>()
}

async function target(cmd: Command, io: CliIo) {
  const g = cmd.optsWithGlobals<GlobalOptions>()
  const conn = await resolveConnection(connectionFlags(g), io.env)
  return { conn, origin: adminOrigin(conn), g }
}

async function call(cmd: Command, io: CliIo, method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
  const { conn, origin } = await target(cmd, io)
  return adminRequest(io, origin, conn.token, method, path, body)
}

async function show(cmd: Command, io: CliIo, data: unknown): Promise<void> {
  await printResult(data, cmd.optsWithGlobals<GlobalOptions>(), io)
}

export async function clockShow(cmd: Command, io: CliIo): Promise<void> {
  await show(cmd, io, await call(cmd, io, 'GET', '/__mock/clock'))
}

export async function clockAdvance(seconds: string, cmd: Command, io: CliIo): Promise<void> {
  const advance = integer('<seconds>', seconds)
  await show(cmd, io, await call(cmd, io, 'POST', '/__mock/clock', { advance_seconds: advance }))
}

export async function clockSet(time: string, cmd: Command, io: CliIo): Promise<void> {
  let set: number
  try {
    set = timeArgument(time)
  } catch {
    throw new UsageError(`<time> must be unix seconds or an ISO 8601 time (got "${time}")`)
  }
  await show(cmd, io, await call(cmd, io, 'POST', '/__mock/clock', { set }))
}

export async function clockMode(mode: string, cmd: Command, io: CliIo): Promise<void> {
  if (mode !== 'real' && mode !== 'manual') throw new UsageError(`<mode> must be real or manual (got "${mode}")`)
  await show(cmd, io, await call(cmd, io, 'POST', '/__mock/clock', { mode }))
}

export async function reset(cmd: Command, io: CliIo): Promise<void> {
  const o = subcommandOptions<{ seed?: string; members?: string }>(cmd)
  const body: Record<string, number> = {}
  const seed = integer('--seed', o.seed)
  const members = integer('--members', o.members)
  if (seed !== undefined) body.seed = seed
  if (members !== undefined) body.members = members
  await show(cmd, io, await call(cmd, io, 'POST', '/__mock/reset', body))
}

export async function outbox(idText: string, cmd: Command, io: CliIo): Promise<void> {
  const id = integer('<delivery-id>', idText, 1) as number
  const o = cmd.opts<{ offset?: string; limit?: string }>()
  const q = new URLSearchParams({ delivery_id: String(id) })
  const offset = integer('--offset', o.offset)
  const limit = integer('--limit', o.limit, 1)
  if (offset !== undefined) q.set('offset', String(offset))
  if (limit !== undefined) q.set('limit', String(limit))
  await show(cmd, io, await call(cmd, io, 'GET', `/__mock/outbox?${q}`))
}

export async function tenantNew(cmd: Command, io: CliIo): Promise<void> {
  const o = subcommandOptions<{ seed?: string; members?: string; clock?: string; save?: string }>(cmd)
  const body: Record<string, unknown> = {}
  const seed = integer('--seed', o.seed)
  const members = integer('--members', o.members)
  if (seed !== undefined) body.seed = seed
  if (members !== undefined) body.members = members
  if (o.clock !== undefined) {
    if (o.clock !== 'real' && o.clock !== 'manual') throw new UsageError(`--clock must be real or manual (got "${o.clock}")`)
    body.clock = { mode: o.clock }
  }
  const { origin } = await target(cmd, io)
  // A new tenant is asked for without a token: the caller's tenant does not matter.
  const created = (await adminRequest(io, origin, undefined, 'POST', '/__mock/tenants', body)) as {
    tenant_id: string
    tokens: Record<string, string>
    /** `<origin>/<tenant_id>`: what a profile's base_url takes (the SDK adds /api/v1). */
    base_url?: string
  }
  if (o.save !== undefined) {
    const token = created.tokens['krs-all'] ?? Object.values(created.tokens)[0]
    const path = configPath(io.env)
    const config = await readConfig(path)
    config.profiles[o.save] = { ...config.profiles[o.save], base_url: created.base_url ?? origin, ...(token ? { token } : {}) }
    await writeConfig(path, config)
    io.stderr(`krs: saved tenant ${created.tenant_id} as profile ${o.save}\n`)
  }
  await show(cmd, io, created)
}
