import { t } from '../i18n/lang.js'
import type { Command } from 'commander'
import { operationFlags } from '../commands/operation-flags.js'
import { UsageError } from '../exit-codes.js'
import { operations } from '../generated/operations.js'
import type { CliIo } from '../io.js'
import { outputFormats } from '../output/format-output.js'
import type { CompletionEntry, CompletionModel } from './completion-model.js'
import { bashScript, fishScript, zshScript } from './completion-scripts.js'

function flagsOf(cmd: Command): string[] {
  return cmd.options.map((o) => o.long).filter((l): l is string => l !== undefined)
}

/** The completion model: every operation with its flags, the builtin commands, and the values flags take. */
export function completionModel(program: Command): CompletionModel {
  const entries: CompletionEntry[] = []
  for (const cmd of program.commands) {
    const name = cmd.name()
    const info = Object.hasOwn(operations, name) ? operations[name as keyof typeof operations] : undefined
    if (info) {
      entries.push({
        names: [name, ...cmd.aliases()],
        description: info.summary,
        words: [...operationFlags(info).map((f) => `--${f.flag}`), '--body'],
      })
    } else if (name !== 'help') {
      const words = [
        ...cmd.commands.flatMap((c) => [
          c.name(),
          ...flagsOf(c),
          ...c.commands.flatMap((cc) => [cc.name(), ...flagsOf(cc)]),
        ]),
        ...flagsOf(cmd),
      ]
      entries.push({ names: [name, ...cmd.aliases()], description: cmd.description(), words: [...new Set(words)] })
    }
  }
  const valueFlags = program.options
    .filter((o) => o.required || o.optional)
    .flatMap((o) => [o.short, o.long].filter((f): f is string => f !== undefined))
  const names = Object.keys(operations)
  return {
    entries,
    globalFlags: [...flagsOf(program), '--help'],
    valueFlags,
    flagValues: [
      { flags: ['-o', '--output'], values: [...outputFormats] },
      { flags: ['--lang'], values: ['ja', 'en'] },
      { flags: ['--clock'], values: ['real', 'manual'] },
      { flags: ['--phase', '--mode'], values: ['0', '1', '2', '3'] },
    ],
    fileFlags: ['--file', '--out', '--scenario', '--body', '--against-emulator'],
    dirFlags: ['--data-dir', '--static'],
    operationFlags: ['--operation'],
    operationNames: [...names, '*'],
    profileFlags: ['--profile', '--save'],
    positional: [
      { path: ['config', 'use'], profiles: true },
      { path: ['config', 'set'], values: ['token', 'env-id', 'base-url'] },
      { path: ['config', 'get'], values: ['token', 'env-id', 'base-url'] },
      { path: ['config', 'unset'], values: ['token', 'env-id', 'base-url'] },
      { path: ['mock', 'events'], values: ['click', 'open', 'bounce', 'unsubscribe'] },
      { path: ['clock', 'mode'], values: ['real', 'manual'] },
      { path: ['snapshot', 'load'], files: true },
      { path: ['snapshot', 'save'], files: true },
    ],
    firstArgument: [
      { command: 'completion', values: ['bash', 'zsh', 'fish'] },
      { command: 'help', values: entries.flatMap((e) => e.names) },
    ],
  }
}

export function printCompletion(shell: string, program: Command, io: CliIo): void {
  const model = completionModel(program)
  if (shell === 'bash') io.stdout(bashScript(model))
  else if (shell === 'zsh') io.stdout(zshScript(model))
  else if (shell === 'fish') io.stdout(fishScript(model))
  else throw new UsageError(t('err.shell', { value: shell }))
}
