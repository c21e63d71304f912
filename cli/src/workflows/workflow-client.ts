import type { Command } from 'commander'
import type { KrsClient } from '@krs-kit/sdk'
import { makeClient } from '../client/make-client.js'
import { connectionFlags, type GlobalOptions } from '../commands/global-options.js'
import { resolveConnection } from '../config/resolve-connection.js'
import { UsageError } from '../exit-codes.js'
import type { CliIo } from '../io.js'

/** The client for a workflow (no --dry-run: a workflow is several dependent calls). */
export async function workflowClient(cmd: Command, io: CliIo): Promise<KrsClient> {
  const g = cmd.optsWithGlobals<GlobalOptions>()
  if (g.dryRun) throw new UsageError('--dry-run applies to single operations, not to workflows')
  return makeClient(await resolveConnection(connectionFlags(g), io.env), io)
}
