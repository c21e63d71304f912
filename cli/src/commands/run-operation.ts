import type { KrsClient } from '@krs-kit/sdk'
import { curlCommand } from '../client/curl-command.js'
import { makeClient, requireBase } from '../client/make-client.js'
import { maskToken } from '../config/mask-token.js'
import { resolveConnection } from '../config/resolve-connection.js'
import { t } from '../i18n/lang.js'
import { UsageError } from '../exit-codes.js'
import type { OperationInfo } from '@krs-kit/contract/operations'
import type { CliIo } from '../io.js'
import { parseOutputFormat } from '../output/format-output.js'
import { buildBody } from '../schema/build-body.js'
import type { FlagSpec } from '../schema/flag-spec.js'
import { validateBody } from '../schema/validate-body.js'
import { connectionFlags } from './global-options.js'
import type { OperationArgs } from './operation-argv.js'
import { printResult } from './print-result.js'

/** Every page of a paged operation as one result: arrays joined, objects merged. */
async function allPages(client: KrsClient, name: string, body: Record<string, unknown>): Promise<unknown> {
  const pages = client.pages as (n: string, b: Record<string, unknown>) => AsyncGenerator<unknown>
  let list: unknown[] | undefined
  let merged: Record<string, unknown> | undefined
  for await (const page of pages(name, body)) {
    if (Array.isArray(page)) {
      list ??= []
      list.push(...page)
    } else {
      merged ??= {}
      Object.assign(merged, page)
    }
  }
  return list ?? merged ?? []
}

/** Flags → body → contract check → request (or curl) → output. */
export async function runOperation(
  info: OperationInfo,
  flags: readonly FlagSpec[],
  args: OperationArgs,
  io: CliIo,
): Promise<void> {
  const { globals: g, values } = args
  parseOutputFormat(g.output)
  const body = await buildBody(flags, values, g.body, io)
  if (g.all) {
    if (info.pageStep === null) throw new UsageError(t('err.noPages', { name: info.name }))
    if (body.offset === undefined) body.offset = 0
  }
  await validateBody(info.requestSchema, body)
  const conn = await resolveConnection(connectionFlags(g), io.env)
  if (g.dryRun) {
    io.stdout(curlCommand(`${requireBase(conn)}/api/v1/${info.name}`, conn.token, body, g.showToken === true))
    // The token stays out of the command; say which one would be sent (masked) and how to set it.
    if (conn.token && !g.showToken && io.env.KRS_API_TOKEN !== conn.token)
      io.stderr(`${t('dryRun.token', { masked: maskToken(conn.token) })}\n`)
    return
  }
  const client = await makeClient(conn, io, info.security)
  const result = g.all
    ? await allPages(client, info.name, body)
    : await (client.call as (n: string, b: unknown) => Promise<unknown>)(info.name, body)
  await printResult(result, g, io, info.responseType === 'text')
}
