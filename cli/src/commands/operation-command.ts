import { Option, type Command } from 'commander'
import type { CliIo } from '../io.js'
import type { LoadedOperation } from '../operation-loader.js'
import { t } from '../i18n/lang.js'
import { valueHint, type FlagSpec } from '../schema/flag-spec.js'
import type { OperationArgs } from './operation-argv.js'
import { globalOptions, type GlobalOptions } from './global-options.js'
import { operationFlags, flagHelp } from './operation-flags.js'
import { operationHelpAfter } from './operation-help.js'
import { runOperation } from './run-operation.js'

/** The full command of one operation: a flag per body key, help from the contract. */
export function addOperationCommand(program: Command, operation: LoadedOperation, io: CliIo, group: string): void {
  const { info, errorNames } = operation
  const flags = operationFlags(info)
  const cmd = program
    .command(info.name)
    .alias(info.name.replace(/_/g, '-'))
    .summary(info.summary)
    .description(`${info.summary}\n\n${info.description}`)
    .helpGroup(group)
  for (const f of flags) {
    const hint = valueHint(f)
    cmd.addOption(new Option(f.kind === 'boolean' ? `--${f.flag} [${hint}]` : `--${f.flag} <${hint}>`, flagHelp(f)))
  }
  cmd.option('--body <json|@file|->', t('opt.body'))
  cmd.addHelpText('after', () => operationHelpAfter(info, errorNames))
  cmd.action(async (_opts: unknown, c: Command) => {
    await runOperation(info, flags, commanderArgs(c, flags), io)
  })
}

/** What commander read for an operation's command: the same shape as `readOperationArgv`'s. */
export function commanderArgs(cmd: Command, flags: readonly FlagSpec[]): OperationArgs {
  const values = new Map<string, string | boolean>()
  for (const f of flags) {
    const v = cmd.getOptionValue(new Option(`--${f.flag}`).attributeName()) as string | boolean | undefined
    if (v !== undefined) values.set(f.key, v)
  }
  // optsWithGlobals has the operation's own flags too, under commander's names: only the global ones.
  const all = cmd.optsWithGlobals<Record<string, string | boolean | undefined>>()
  const globals: Record<string, string | boolean> = {}
  for (const key of [...globalOptions.map((o) => o.key), 'body']) {
    const v = all[key]
    if (v !== undefined) globals[key] = v
  }
  return { globals: globals as GlobalOptions, values }
}
