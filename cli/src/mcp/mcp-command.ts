import type { Command } from 'commander'
import { t } from '../i18n/lang.js'
import type { CliIo } from '../io.js'

/** `krs mcp [options]`: the MCP server (@krs-kit/mcp) with the CLI's connection settings. */
export function addMcpCommand(program: Command, io: CliIo): void {
  program
    .command('mcp')
    .description(t('mcp.description'))
    .helpGroup(t('group.emulator'))
    .option('--allow-writes', t('mcp.allowWrites'))
    .option('--i-understand-this-is-production', t('mcp.production'))
    .option('--http <port>', t('mcp.http'))
    .option('--max-answer-bytes <n>', t('mcp.maxAnswerBytes'))
    .action(async (_o: unknown, cmd: Command) => (await import('../actions.js')).runMcpCommand(cmd, io))
}
