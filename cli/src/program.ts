import { Command, CommanderError } from 'commander'
import { commandIndex } from './command-index.js'
import { addBuiltinCommands } from './commands/builtin-commands.js'
import { builtinNames } from './commands/builtin-names.js'
import { addOperationCommand } from './commands/operation-command.js'
import { addGlobalOptions, applyGlobalOptions, type GlobalOptions } from './commands/global-options.js'
import { exitCodeList, exitCodes } from './exit-codes.js'
import { t } from './i18n/lang.js'
import type { MessageKey } from './i18n/messages.js'
import type { CliIo } from './io.js'
import { loadOperation } from './operation-loader.js'
import { reportError } from './report-error.js'
import { commandWord } from './command-word.js'
import { version } from './version.js'

// The program of every command, with commander: what run.ts hands a command line to when it
// does not run it itself (help, the hand-written commands, and anything its own reading of an
// operation's flags leaves to commander). Loaded on demand.

/** The exit codes as help lines (the same table as README.md). */
export function exitCodeHelp(): string {
  return [
    t('program.exitCodes'),
    ...exitCodeList.map((c) => `  ${String(c).padEnd(4)} ${t(`exit.${c}` as MessageKey)}`),
  ].join('\n')
}

function createProgram(io: CliIo): Command {
  const helpTitles: Record<string, string> = {
    'Usage:': t('help.usage'),
    'Options:': t('help.options'),
    'Global Options:': t('help.globalOptions'),
    'Commands:': t('help.commands'),
    'Arguments:': t('help.arguments'),
  }
  const program = new Command('krs')
  program
    .description(t('program.description'))
    .version(version, '-V, --version', t('program.version'))
    .helpOption('-h, --help', t('program.help'))
    .helpCommand('help [command]', t('program.helpCommand'))
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
      // commander's own headings, in the language of the help.
      styleTitle: (title) => helpTitles[title] ?? title,
      subcommandTerm: (cmd) =>
        [cmd.name(), ...cmd.registeredArguments.map((a) => (a.required ? `<${a.name()}>` : `[${a.name()}]`))].join(' '),
    })
    .addHelpText('after', `\n${t('program.after')}\n\n${exitCodeHelp()}\n`)
  addGlobalOptions(program)
  return program
}

/**
 * The program with every command. `full` names the operations built in full (flags from
 * the registry); the others are listed from the compact table only. With `operationOnly`,
 * a run of an operation builds that operation alone: neither the hand-written commands (nor
 * the code that builds them) nor the list of the others, which its own help and errors do
 * not show.
 */
export async function buildProgram(
  io: CliIo,
  full: (name: string, alias: string) => boolean,
  options: { operationOnly?: boolean } = {},
): Promise<Command> {
  const program = createProgram(io)
  const wanted = commandIndex.commands.filter((c) => full(c.name, c.alias))
  const alone = options.operationOnly === true && wanted.length > 0
  if (!alone) addBuiltinCommands(program, io)
  const titles = new Map(commandIndex.tags.map((tag) => [tag.name, tag.title]))
  const loaded = await Promise.all(wanted.map((c) => loadOperation(c.name)))
  const group = (tag: string) => t('group.api', { title: titles.get(tag) ?? tag })
  for (const c of commandIndex.commands) {
    const operation = loaded.find((o) => o.info.name === c.name)
    if (operation) addOperationCommand(program, operation, io, group(c.tag))
    else if (!alone)
      program.command(c.name).alias(c.alias).summary(c.summary).description(c.summary).helpGroup(group(c.tag))
  }
  return program
}

/**
 * `krs __complete --current=<word> -- <words before it>`: what the completion scripts ask on TAB
 * (`completion/complete-words.ts`). Never fails loudly: a shell shows nothing rather than an error.
 */
export async function complete(args: readonly string[], io: CliIo): Promise<number> {
  const current = args[0]?.startsWith('--current=') ? args[0].slice('--current='.length) : ''
  const dashes = args.indexOf('--')
  const before = dashes === -1 ? [] : args.slice(dashes + 1)
  const word = commandWord(before)
  try {
    const program = await buildProgram(io, (name, alias) => name === word || alias === word)
    const { completeWords, completionLines } = await import('./actions.js')
    io.stdout(completionLines(await completeWords(program, before, current, io)))
    return exitCodes.ok
  } catch {
    return exitCodes.usage
  }
}

/** `krs <argv>` through commander: returns the exit code. */
export async function runProgram(argv: readonly string[], io: CliIo): Promise<number> {
  const word = commandWord(argv)
  try {
    const target = word === undefined || builtinNames.has(word) ? undefined : word
    const program = await buildProgram(io, (name, alias) => name === target || alias === target, {
      operationOnly: true,
    })
    program.hook('preAction', (_this, action) => {
      applyGlobalOptions(action.optsWithGlobals<GlobalOptions>(), io.session!)
    })
    await program.parseAsync([...argv], { from: 'user' })
    return exitCodes.ok
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version') return exitCodes.ok
      return exitCodes.usage
    }
    return reportError(e, io, io.session?.verbose, io.session?.errorFormat)
  }
}
