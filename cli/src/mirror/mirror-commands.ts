import type { Command } from 'commander'
import { t } from '../i18n/lang.js'
import type { CliIo } from '../io.js'

/** `krs scenario pull` and `krs verify`: mirror a real environment (read-only calls only). */
export function addMirrorCommands(program: Command, io: CliIo): void {
  const group = t('group.workflows')
  const scenario = program.command('scenario').description(t('scenario.description')).helpGroup(group)
  scenario
    .command('pull')
    .description(t('scenario.pull'))
    .option('--members <n>', t('opt.pullMembers'))
    .option('--anonymize', t('opt.anonymize'))
    .option('--out <file>', t('opt.pullOut'))
    .option('--resume', t('opt.resume'))
    .action(async (_o: unknown, cmd: Command) => (await import('../actions.js')).scenarioPull(cmd, io))
  program
    .command('verify')
    .description(t('verify.description'))
    .option('--against-emulator <url-or-file>', t('opt.againstEmulator'))
    .option('--emulator-token <token>', t('opt.emulatorToken'))
    .helpGroup(group)
    .action(async (_o: unknown, cmd: Command) => (await import('../actions.js')).verify(cmd, io))
}
