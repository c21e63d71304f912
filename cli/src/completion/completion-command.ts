import type { Command } from 'commander'
import type { CliIo } from '../io.js'

/** `krs completion bash|zsh|fish`: prints the script for the shell. */
export function addCompletionCommand(program: Command, io: CliIo): void {
  program
    .command('completion')
    .description('シェル補完スクリプトを出力する（bash、zsh、fish）')
    .helpGroup('設定:')
    .argument('<shell>', 'bash | zsh | fish')
    .action(async (shell: string) => (await import('./completion-action.js')).printCompletion(shell, program, io))
}
