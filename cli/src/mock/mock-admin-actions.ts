import { readFile, writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { Command } from 'commander'
import { printResult } from '../commands/print-result.js'
import { connectionFlags, type GlobalOptions } from '../commands/global-options.js'
import { configPath } from '../config/config-path.js'
import { readConfig, writeConfig } from '../config/config-file.js'
import { resolveConnection } from '../config/resolve-connection.js'
import { UsageError } from '../exit-codes.js'
import { orList, t } from '../i18n/lang.js'
import type { CliIo } from '../io.js'
import { parseClockSeconds, parseDuration, parseTime } from '../time/duration.js'
import {
  type AdminCall,
  type AdminOperationName,
  type AdminParameterInfo,
  adminOperations,
} from '@krs-kit/contract/admin-client'
import { adminOrigin, adminRequest, type AdminRequestOptions } from './mock-admin.js'

function integer(name: string, text: string | undefined, min = 0): number | undefined {
  if (text === undefined) return undefined
  const n = Number(text)
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < min)
    throw new UsageError(t('err.integerMin', { name, min, value: text }))
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

async function call<K extends AdminOperationName>(
  cmd: Command,
  io: CliIo,
  name: K,
  input: AdminCall<K> = {},
  options?: AdminRequestOptions,
): Promise<unknown> {
  const { conn, origin } = await target(cmd, io)
  return adminRequest(io, origin, conn.token, name, input, options)
}

async function show(cmd: Command, io: CliIo, data: unknown): Promise<void> {
  await printResult(data, cmd.optsWithGlobals<GlobalOptions>(), io)
}

export async function clockShow(cmd: Command, io: CliIo): Promise<void> {
  await show(cmd, io, await call(cmd, io, 'mock_get_clock'))
}

/** `krs mock clock advance 1h` (or seconds: `3600`). */
export async function clockAdvance(text: string, cmd: Command, io: CliIo): Promise<void> {
  const seconds = parseClockSeconds('<duration>', text)
  await show(cmd, io, await call(cmd, io, 'mock_set_clock', { body: { advance_seconds: seconds } }))
}

/** `krs mock clock set 2026-01-01T00:00:00Z` (or unix seconds, or `+1h` from the emulator's now). */
export async function clockSet(text: string, cmd: Command, io: CliIo): Promise<void> {
  const spec = parseTime('<time>', text)
  let set: number
  if ('at' in spec) set = spec.at
  else set = ((await call(cmd, io, 'mock_get_clock')) as { now: number }).now + spec.fromNow
  await show(cmd, io, await call(cmd, io, 'mock_set_clock', { body: { set } }))
}

export async function clockMode(mode: string, cmd: Command, io: CliIo): Promise<void> {
  if (mode !== 'real' && mode !== 'manual')
    throw new UsageError(t('err.choice', { name: '<mode>', choices: orList(['real', 'manual']), value: mode }))
  await show(cmd, io, await call(cmd, io, 'mock_set_clock', { body: { mode } }))
}

export async function reset(cmd: Command, io: CliIo): Promise<void> {
  const o = subcommandOptions<{ seed?: string; members?: string }>(cmd)
  const body: Record<string, number> = {}
  const seed = integer('--seed', o.seed)
  const members = integer('--members', o.members)
  if (seed !== undefined) body.seed = seed
  if (members !== undefined) body.members = members
  await show(cmd, io, await call(cmd, io, 'mock_reset', { body }))
}

export async function outbox(idText: string, cmd: Command, io: CliIo): Promise<void> {
  const id = integer('<delivery-id>', idText, 1) as number
  const o = cmd.opts<{ offset?: string; limit?: string }>()
  const offset = integer('--offset', o.offset)
  const limit = integer('--limit', o.limit, 1)
  const query = {
    delivery_id: id,
    ...(offset !== undefined ? { offset } : {}),
    ...(limit !== undefined ? { limit } : {}),
  }
  await show(cmd, io, await call(cmd, io, 'mock_get_outbox', { query }))
}

/** `GET /__mock/journal`: the tenant's recent requests (`--operation`, `--limit`). */
export async function journal(cmd: Command, io: CliIo): Promise<void> {
  const o = cmd.opts<{ operation?: string; limit?: string }>()
  const limit = integer('--limit', o.limit)
  const query = {
    ...(o.operation !== undefined ? { operation: o.operation.replace(/-/g, '_') } : {}),
    ...(limit !== undefined ? { limit } : {}),
  }
  const g = cmd.optsWithGlobals<GlobalOptions>()
  const answer = (await call(cmd, io, 'mock_get_journal', { query })) as { entries: unknown[] }
  // A table or CSV lists the entries; JSON and YAML keep the answer as the API gives it.
  await show(cmd, io, g.output === 'table' || g.output === 'csv' ? answer.entries : answer)
}

export async function journalClear(cmd: Command, io: CliIo): Promise<void> {
  await show(cmd, io, await call(cmd, io, 'mock_clear_journal'))
}

function faultRows(cmd: Command, answer: unknown): unknown {
  const g = cmd.optsWithGlobals<GlobalOptions>()
  return g.output === 'table' || g.output === 'csv' ? (answer as { faults: unknown[] }).faults : answer
}

export async function faultsList(cmd: Command, io: CliIo): Promise<void> {
  await show(cmd, io, faultRows(cmd, await call(cmd, io, 'mock_get_faults')))
}

/** `POST /__mock/faults`: the next `--count` calls of `--operation` fail or wait. */
export async function faultsAdd(cmd: Command, io: CliIo): Promise<void> {
  const o = cmd.opts<{ operation?: string; errorCode?: string; status?: string; delay?: string; count?: string }>()
  if (o.operation === undefined) throw new UsageError(t('err.faultOperation'))
  const body: Record<string, unknown> = { operation: o.operation === '*' ? '*' : o.operation.replace(/-/g, '_') }
  if (o.errorCode !== undefined) body.error_code = o.errorCode
  const status = integer('--status', o.status, 100)
  if (status !== undefined) body.status = status
  if (o.delay !== undefined) body.delay_ms = parseDuration('--delay', o.delay)
  const count = integer('--count', o.count, 1)
  if (count !== undefined) body.count = count
  if (body.error_code === undefined && body.status === undefined && body.delay_ms === undefined) {
    throw new UsageError(t('err.faultWhat'))
  }
  await show(
    cmd,
    io,
    faultRows(cmd, await call(cmd, io, 'mock_add_fault', { body: body as AdminCall<'mock_add_fault'>['body'] })),
  )
}

export async function faultsClear(cmd: Command, io: CliIo): Promise<void> {
  await show(cmd, io, faultRows(cmd, await call(cmd, io, 'mock_add_fault', { body: { clear: true } })))
}

const eventNeeds: Record<string, readonly string[]> = {
  click: ['--delivery', '--member'],
  open: ['--delivery', '--member'],
  bounce: ['--delivery', '--member', '--code'],
  unsubscribe: [],
}

/** `POST /__mock/events`: a click, open, bounce or unsubscribe, as a recipient or mail server would. */
export async function events(type: string, cmd: Command, io: CliIo): Promise<void> {
  const needs = eventNeeds[type]
  if (!needs) throw new UsageError(t('mock.badEventType', { value: type }))
  const o = cmd.opts<{
    delivery?: string
    member?: string
    url?: string
    clickcount?: string
    code?: string
    address?: string
  }>()
  const given: Record<string, string | undefined> = { '--delivery': o.delivery, '--member': o.member, '--code': o.code }
  const missing = needs.filter((f) => given[f] === undefined)
  if (missing.length > 0) throw new UsageError(t('mock.eventNeeds', { type, flags: missing.join(', ') }))
  if (type === 'unsubscribe' && o.address === undefined && (o.delivery === undefined || o.member === undefined)) {
    throw new UsageError(t('mock.eventNeeds', { type, flags: '--address, or --delivery and --member' }))
  }
  const body: Record<string, unknown> = { type }
  const delivery = integer('--delivery', o.delivery, 1)
  const member = integer('--member', o.member, 1)
  const clickcount = integer('--clickcount', o.clickcount, 1)
  if (delivery !== undefined) body.delivery_id = delivery
  if (member !== undefined) body.member_id = member
  if (o.url !== undefined) body.url = o.url
  if (clickcount !== undefined) body.clickcount_id = clickcount
  if (o.code !== undefined) body.code = o.code
  if (o.address !== undefined) body.address = o.address
  await show(cmd, io, await call(cmd, io, 'mock_add_event', { body: body as AdminCall<'mock_add_event'>['body'] }))
}

/** `GET /__mock/snapshot` to a file (pretty JSON) or stdout (with the output options). */
export async function snapshotSave(file: string | undefined, cmd: Command, io: CliIo): Promise<void> {
  const snapshot = await call(cmd, io, 'mock_export_snapshot')
  if (file === undefined || file === '-') {
    await show(cmd, io, snapshot)
    return
  }
  await writeFile(resolve(io.cwd, file), `${JSON.stringify(snapshot, null, 2)}\n`, 'utf8')
  io.stderr(t('mock.savedSnapshot', { file }))
}

/** `PUT /__mock/snapshot` from a file or stdin. */
export async function snapshotLoad(file: string | undefined, cmd: Command, io: CliIo): Promise<void> {
  let text: string
  if (file === undefined || file === '-') text = await io.readStdin()
  else {
    try {
      text = await readFile(resolve(io.cwd, file), 'utf8')
    } catch (e) {
      throw new UsageError(
        t('err.cannotRead', { name: '[file]', file, why: (e as NodeJS.ErrnoException).code ?? (e as Error).message }),
      )
    }
  }
  let snapshot: unknown
  try {
    snapshot = JSON.parse(text)
  } catch (e) {
    throw new UsageError(
      file
        ? t('err.invalidJsonIn', { name: '[file]', file, why: (e as Error).message })
        : t('err.invalidJson', { name: '[file]', why: (e as Error).message }),
    )
  }
  await show(
    cmd,
    io,
    await call(cmd, io, 'mock_import_snapshot', { body: snapshot as AdminCall<'mock_import_snapshot'>['body'] }),
  )
}

export async function tenantNew(cmd: Command, io: CliIo): Promise<void> {
  const o = subcommandOptions<{ seed?: string; members?: string; clock?: string; from?: string; save?: string }>(cmd)
  const body: Record<string, unknown> = {}
  if (o.from !== undefined) body.from = o.from
  const seed = integer('--seed', o.seed)
  const members = integer('--members', o.members)
  if (seed !== undefined) body.seed = seed
  if (members !== undefined) body.members = members
  if (o.clock !== undefined) {
    if (o.clock !== 'real' && o.clock !== 'manual')
      throw new UsageError(t('err.choice', { name: '--clock', choices: orList(['real', 'manual']), value: o.clock }))
    body.clock = { mode: o.clock }
  }
  const { origin } = await target(cmd, io)
  // A new tenant is asked for without a token: the caller's tenant does not matter.
  const created = (await adminRequest(io, origin, undefined, 'mock_create_tenant', {
    body: body as AdminCall<'mock_create_tenant'>['body'],
  })) as {
    tenant_id: string
    tokens: Record<string, string>
    /** `<origin>/<tenant_id>`: what a profile's base_url takes (the SDK adds /api/v1). */
    base_url?: string
  }
  if (o.save !== undefined) {
    const token = created.tokens['krs-all'] ?? Object.values(created.tokens)[0]
    const path = configPath(io.env)
    const config = await readConfig(path)
    config.profiles[o.save] = {
      ...config.profiles[o.save],
      base_url: created.base_url ?? origin,
      ...(token ? { token } : {}),
    }
    await writeConfig(path, config)
    io.stderr(t('mock.savedTenant', { tenant: created.tenant_id, profile: o.save }))
  }
  await show(cmd, io, created)
}

export async function tenantsList(cmd: Command, io: CliIo): Promise<void> {
  const answer = (await call(cmd, io, 'mock_list_tenants')) as { tenants: unknown[] }
  const g = cmd.optsWithGlobals<GlobalOptions>()
  await show(cmd, io, g.output === 'table' || g.output === 'csv' ? answer.tenants : answer)
}

/** `DELETE /__mock/tenants`: the token's tenant (the default one cannot be deleted). */
export async function tenantsDelete(cmd: Command, io: CliIo): Promise<void> {
  await show(cmd, io, await call(cmd, io, 'mock_delete_tenant'))
}

/**
 * `GET /__mock/scenario`: the tenant's scenario. `-o yaml` asks the emulator for its YAML
 * (with its comments and order) and prints it as it is; otherwise JSON with the output options.
 */
export async function scenarioDump(cmd: Command, io: CliIo): Promise<void> {
  const g = cmd.optsWithGlobals<GlobalOptions>()
  if (g.output === 'yaml' && g.query === undefined) {
    const text = (await call(cmd, io, 'mock_get_scenario', { accept: 'application/yaml' }, { text: true })) as string
    io.stdout(text.endsWith('\n') ? text : `${text}\n`)
    return
  }
  await show(cmd, io, await call(cmd, io, 'mock_get_scenario', { accept: 'application/json' }))
}

/** A query parameter's value from its flag: integers as numbers (checked), the rest as text. */
function queryValue(flag: string, p: AdminParameterInfo, text: string): string | number {
  if (p.type !== 'integer') return text
  const min = p.minimum ?? Number.MIN_SAFE_INTEGER
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(Number(text)) || Number(text) < min)
    throw new UsageError(t('err.integerMin', { name: flag, min, value: text }))
  return Number(text)
}

/** The camelCase key under which commander keeps the flag of a parameter (`delivery_id` → `deliveryId`). */
export const optionKey = (parameter: string): string =>
  parameter.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())

/**
 * The command of an admin operation that has none of its own (`krs mock health`, `krs mock
 * templates list`): its path parameters as arguments, its query parameters as flags, its body
 * with `--body`, the answer printed with the output options.
 */
export async function tableCommand(
  name: AdminOperationName,
  args: readonly string[],
  cmd: Command,
  io: CliIo,
): Promise<void> {
  const info = adminOperations[name]
  const o = cmd.opts<Record<string, string | undefined>>()
  const path: Record<string, string> = {}
  const query: Record<string, string | number> = {}
  let i = 0
  for (const p of info.parameters) {
    if (p.in === 'path') {
      path[p.name] = args[i++] as string
      continue
    }
    const text = o[optionKey(p.name)]
    if (text !== undefined) query[p.name] = queryValue(`--${p.name.replace(/_/g, '-')}`, p, text)
  }
  let body: unknown
  if (info.body !== 'none' && o.body !== undefined) {
    const text = o.body === '-' ? await io.readStdin() : o.body
    try {
      body = JSON.parse(text)
    } catch (e) {
      throw new UsageError(t('err.invalidJson', { name: '--body', why: (e as Error).message }))
    }
  }
  const input = { path, query, ...(body === undefined ? {} : { body }) } as unknown as AdminCall<typeof name>
  await show(cmd, io, await call(cmd, io, name, input))
}
