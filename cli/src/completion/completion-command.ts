import type { Command } from 'commander'
import { t } from '../i18n/lang.js'
import type { CliIo } from '../io.js'

/** `krs completion bash|zsh|fish`: prints the script for the shell. */
export function addCompletionCommand(program: Command, io: CliIo): void {
  program
    .command('completion')
    .description(t('completion.description'))
    .helpGroup(t('group.settings'))
    .argument('<shell>', 'bash | zsh | fish | powershell')
    .action(async (shell: string) => (await import('../actions.js')).printCompletion(shell, io))
}
