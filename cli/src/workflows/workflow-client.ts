import type { Command } from 'commander'
import type { KrsClient } from '@krs-kit/sdk'
import { makeClient } from '../client/make-client.js'
import { connectionFlags, type GlobalOptions } from '../commands/global-options.js'
import { resolveConnection, type Connection } from '../config/resolve-connection.js'
import { UsageError } from '../exit-codes.js'
import { t } from '../i18n/lang.js'
import type { CliIo } from '../io.js'

export interface WorkflowTarget {
  client: KrsClient
  conn: Connection
}

/** The client for a workflow (no --dry-run: a workflow is several dependent calls). */
export async function workflowTarget(cmd: Command, io: CliIo): Promise<WorkflowTarget> {
  const g = cmd.optsWithGlobals<GlobalOptions>()
  if (g.dryRun) throw new UsageError(t('err.dryRunWorkflow'))
  const conn = await resolveConnection(connectionFlags(g), io.env)
  return { client: await makeClient(conn, io), conn }
}
