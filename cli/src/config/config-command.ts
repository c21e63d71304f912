import type { Command } from 'commander'
import { t } from '../i18n/lang.js'
import type { CliIo } from '../io.js'

/** `krs config set|get|list|use`: the profile file; tokens are always shown masked. */
export function addConfigCommand(program: Command, io: CliIo): void {
  const config = program.command('config').description(t('config.description')).helpGroup(t('group.settings'))
  const impl = async () => (await import('../actions.js')).configActions
  config
    .command('set')
    .description(t('config.set'))
    .argument('<key>', 'token | env-id | base-url')
    .argument('<value>', t('config.value'))
    .action(async (key: string, value: string, _o: unknown, cmd: Command) =>
      (await impl()).configSet(key, value, cmd, io),
    )
  config
    .command('unset')
    .description(t('config.unset'))
    .argument('<key>', 'token | env-id | base-url')
    .action(async (key: string, _o: unknown, cmd: Command) => (await impl()).configUnset(key, cmd, io))
  config
    .command('get')
    .description(t('config.get'))
    .argument('<key>', 'token | env-id | base-url')
    .action(async (key: string, _o: unknown, cmd: Command) => (await impl()).configGet(key, cmd, io))
  config
    .command('list')
    .description(t('config.list'))
    .action(async (_o: unknown, cmd: Command) => (await impl()).configList(cmd, io))
  config
    .command('use')
    .description(t('config.use'))
    .argument('<profile>', t('config.profileArg'))
    .action(async (name: string, _o: unknown, cmd: Command) => (await impl()).configUse(name, cmd, io))
  config
    .command('path')
    .description(t('config.path'))
    .action(async () => (await impl()).configPathCommand(io))
  config
    .command('profiles')
    .description(t('config.profiles'))
    .action(async () => (await impl()).configProfiles(io))
}
