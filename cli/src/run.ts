import { Command, CommanderError } from 'commander'
import { commandIndex } from './command-index.js'
import { addBuiltinCommands, builtinNames } from './commands/builtin-commands.js'
import { addGlobalOptions, valueOptions } from './commands/global-options.js'
import { exitCodes } from './exit-codes.js'
import type { CliIo } from './io.js'
import { reportError } from './report-error.js'

export const version = '0.1.0'

/** The first word that is not an option or an option's value: the command to build in full. */
export function commandWord(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string
    if (a === '--') return argv[i + 1]
    if (a.startsWith('-')) {
      if (valueOptions.has(a)) i++
      continue
    }
    if (a === 'help') continue
    return a
  }
  return undefined
}

function createProgram(io: CliIo): Command {
  const program = new Command('krs')
  program
    .description('KREISEL JSON API をシェルから呼び出し、エミュレータを動かす（krs-kit）')
    .version(version, '-V, --version', 'バージョンを表示する')
    .helpOption('-h, --help', 'ヘルプを表示する')
    .helpCommand('help [command]', 'コマンドのヘルプを表示する')
    .exitOverride()
    .configureOutput({
      writeOut: io.stdout,
      writeErr: io.stderr,
      outputError: (text, write) => write(text.replace(/^error: /, 'krs: ')),
    })
    .showSuggestionAfterError(true)
    // The list shows API names only; each also answers to its kebab-case alias.
    .configureHelp({
      showGlobalOptions: true,
      subcommandTerm: (cmd) =>
        [cmd.name(), ...cmd.registeredArguments.map((a) => (a.required ? `<${a.name()}>` : `[${a.name()}]`))].join(' '),
    })
    .addHelpText(
      'after',
      '\nAPI のコマンドは kebab-case の別名でも呼べます（krs get-member-tables）。\n各コマンドの引数・権限・エラーコード: krs <command> --help\n',
    )
  addGlobalOptions(program)
  return program
}

/**
 * The program with every command. `full` names the operations built in full (flags from
 * the registry); the others are listed from the compact table only.
 */
export async function buildProgram(io: CliIo, full: (name: string, alias: string) => boolean): Promise<Command> {
  const program = createProgram(io)
  addBuiltinCommands(program, io)
  const titles = new Map(commandIndex.tags.map((t) => [t.name, t.title]))
  const wanted = commandIndex.commands.filter((c) => full(c.name, c.alias))
  const registry = wanted.length > 0 ? await import('./generated/operations.js') : undefined
  const builder = wanted.length > 0 ? await import('./commands/operation-command.js') : undefined
  for (const c of commandIndex.commands) {
    const group = `API（${titles.get(c.tag) ?? c.tag}）:`
    if (registry && builder && wanted.includes(c)) {
      builder.addOperationCommand(program, registry.operations[c.name as keyof typeof registry.operations], io, group)
    } else {
      program.command(c.name).alias(c.alias).summary(c.summary).description(c.summary).helpGroup(group)
    }
  }
  return program
}

/**
 * `krs <argv>`: returns the exit code. Only the command being run is built in full (its
 * flags need the registry's schemas); the others are listed from the compact table.
 */
export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const word = commandWord(argv)
  try {
    const target = word === undefined || builtinNames.has(word) ? undefined : word
    const program = await buildProgram(io, (name, alias) => name === target || alias === target)
    await program.parseAsync([...argv], { from: 'user' })
    return exitCodes.ok
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version') return exitCodes.ok
      return exitCodes.usage
    }
    return reportError(e, io)
  }
}
