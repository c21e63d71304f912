import { type AdminOperationName, adminOperationNames, adminOperations } from '@krs-kit/contract/admin-client'
import { cliWordsOf } from '@krs-kit/contract/admin-surfaces'
import { KRS_MOCK_OPTIONS, optionHelp, PROGRAM_ONLY_OPTIONS } from '@krs-kit/mock-server/options'
import type { Command } from 'commander'
import { lang, t } from '../i18n/lang.js'
import type { MessageKey } from '../i18n/messages.js'
import type { CliIo } from '../io.js'

/**
 * `krs mock` takes every flag of `krs-mock`, from the emulator's own option table (compiled
 * into the CLI's bundle, so the help lists them without the emulator installed); `--help` is
 * commander's. The values are checked by krs-mock when it starts (exit 2 on a bad one).
 */
function addKrsMockFlags(mock: Command): Command {
  for (const o of KRS_MOCK_OPTIONS) {
    if (PROGRAM_ONLY_OPTIONS.has(o.name)) continue
    const value = 'value' in o ? ` <${o.value.toLowerCase()}>` : ''
    mock.option(`--${o.name}${value}`, optionHelp(o, lang()))
  }
  return mock
}

/** `krs mock [options]` runs the emulator; its subcommands drive the admin API (/__mock/). */
export function addMockCommand(program: Command, io: CliIo): void {
  const admin = async () => (await import('../actions.js')).mockAdmin
  const mock = addKrsMockFlags(
    program.command('mock').description(t('mock.description')).helpGroup(t('group.emulator')),
  ).action(async (_o: unknown, cmd: Command) => (await import('../actions.js')).runMock(cmd, io))

  const clock = mock
    .command('clock')
    .description(t('mock.clockShow'))
    .action(async (_o: unknown, cmd: Command) => (await admin()).clockShow(cmd, io))
  clock
    .command('advance')
    .description(t('mock.clockAdvance'))
    .argument('<duration>', t('mock.clockAdvanceArg'))
    .action(async (s: string, _o: unknown, cmd: Command) => (await admin()).clockAdvance(s, cmd, io))
  clock
    .command('set')
    .description(t('mock.clockSet'))
    .argument('<time>', t('mock.clockSetArg'))
    .action(async (v: string, _o: unknown, cmd: Command) => (await admin()).clockSet(v, cmd, io))
  clock
    .command('mode')
    .description(t('mock.clockMode'))
    .argument('<mode>', 'real | manual')
    .action(async (m: string, _o: unknown, cmd: Command) => (await admin()).clockMode(m, cmd, io))
  mock
    .command('reset')
    .description(t('mock.reset'))
    .option('--seed <n>', t('mock.seed'))
    .option('--members <n>', t('mock.members'))
    .action(async (_o: unknown, cmd: Command) => (await admin()).reset(cmd, io))
  mock
    .command('outbox')
    .description(t('mock.outbox'))
    .argument('<delivery-id>', t('arg.deliveryId'))
    .option('--offset <n>', t('mock.offset'))
    .option('--limit <n>', t('mock.limit'))
    .action(async (id: string, _o: unknown, cmd: Command) => (await admin()).outbox(id, cmd, io))

  const journal = mock
    .command('journal')
    .description(t('mock.journal'))
    .option('--operation <name>', t('mock.journalOperation'))
    .option('--limit <n>', t('mock.journalLimit'))
    .action(async (_o: unknown, cmd: Command) => (await admin()).journal(cmd, io))
  journal
    .command('clear')
    .description(t('mock.journalClear'))
    .action(async (_o: unknown, cmd: Command) => (await admin()).journalClear(cmd, io))

  const faults = mock
    .command('faults')
    .description(t('mock.faults'))
    .action(async (_o: unknown, cmd: Command) => (await admin()).faultsList(cmd, io))
  faults
    .command('add')
    .description(t('mock.faultsAdd'))
    .option('--operation <name>', t('mock.faultOperation'))
    .option('--error-code <code>', t('mock.faultErrorCode'))
    .option('--status <n>', t('mock.faultStatus'))
    .option('--delay <duration>', t('mock.faultDelay'))
    .option('--count <n>', t('mock.faultCount'))
    .action(async (_o: unknown, cmd: Command) => (await admin()).faultsAdd(cmd, io))
  faults
    .command('clear')
    .description(t('mock.faultsClear'))
    .action(async (_o: unknown, cmd: Command) => (await admin()).faultsClear(cmd, io))

  mock
    .command('events')
    .description(t('mock.events'))
    .argument('<type>', t('mock.eventType'))
    .option('--delivery <id>', t('mock.eventDelivery'))
    .option('--member <id>', t('mock.eventMember'))
    .option('--url <url>', t('mock.eventUrl'))
    .option('--clickcount <id>', t('mock.eventClickcount'))
    .option('--code <code>', t('mock.eventCode'))
    .option('--address <address>', t('mock.eventAddress'))
    .action(async (type: string, _o: unknown, cmd: Command) => (await admin()).events(type, cmd, io))

  const snapshot = mock.command('snapshot').description(t('mock.snapshot'))
  snapshot
    .command('save')
    .description(t('mock.snapshotSave'))
    .argument('[file]', t('mock.snapshotFile'))
    .action(async (file: string | undefined, _o: unknown, cmd: Command) => (await admin()).snapshotSave(file, cmd, io))
  snapshot
    .command('load')
    .description(t('mock.snapshotLoad'))
    .argument('[file]', t('mock.snapshotFile'))
    .action(async (file: string | undefined, _o: unknown, cmd: Command) => (await admin()).snapshotLoad(file, cmd, io))

  const tenantOptions = (cmd: Command) =>
    cmd
      .option('--seed <n>', t('mock.seed'))
      .option('--members <n>', t('mock.members'))
      .option('--clock <mode>', t('mock.clock'))
      .option('--from <tenant>', t('mock.from'))
      .option('--save <profile>', t('mock.save'))
      .action(async (_o: unknown, c: Command) => (await admin()).tenantNew(c, io))
  const tenant = mock.command('tenant').description(t('mock.tenant'))
  tenantOptions(tenant.command('new').description(t('mock.tenantNew')))
  const tenants = mock.command('tenants').description(t('mock.tenants'))
  tenants
    .command('list')
    .description(t('mock.tenantsList'))
    .action(async (_o: unknown, cmd: Command) => (await admin()).tenantsList(cmd, io))
  tenantOptions(tenants.command('create').description(t('mock.tenantNew')))
  tenants
    .command('delete')
    .description(t('mock.tenantsDelete'))
    .action(async (_o: unknown, cmd: Command) => (await admin()).tenantsDelete(cmd, io))

  const scenario = mock.command('scenario').description(t('mock.scenario.group'))
  scenario
    .command('dump')
    .description(t('mock.scenarioDump'))
    .action(async (_o: unknown, cmd: Command) => (await admin()).scenarioDump(cmd, io))

  addTableCommands(mock, io)
}

/** The help of the commands made from the admin table, and of the groups they make. */
const tableTexts: Partial<Record<AdminOperationName | string, MessageKey>> = {
  mock_health: 'mock.health',
  mock_shutdown: 'mock.shutdown',
  mock_create_template: 'mock.templatesCreate',
  mock_list_templates: 'mock.templatesList',
  mock_get_form_outbox: 'mock.formsOutbox',
  mock_clear_form_outbox: 'mock.formsOutboxClear',
  templates: 'mock.templates',
  forms: 'mock.forms',
}

/**
 * Every admin operation whose row in `adminSurfaces` (`@krs-kit/contract/admin-surfaces`) names
 * `krs mock` words that no hand-written command above took gets a plain command there, so a new
 * admin operation is a command as soon as its row exists (the admin parity test checks each row).
 */
function addTableCommands(mock: Command, io: CliIo): void {
  const admin = async () => (await import('../actions.js')).mockAdmin
  for (const name of adminOperationNames) {
    const words = cliWordsOf(name)
    if (words === undefined) continue
    let parent = mock
    for (const [i, word] of words.entries()) {
      const found = parent.commands.find((c) => c.name() === word)
      if (found) {
        parent = found
        continue
      }
      const last = i === words.length - 1
      const key = tableTexts[last ? name : word]
      const info = adminOperations[name]
      parent = parent.command(word).description(key ? t(key) : `${info.method} ${info.path}`)
      if (!last) continue
      for (const p of info.parameters) {
        // The contract describes its parameters in Japanese only.
        const help = lang() === 'ja' && p.description !== undefined ? p.description : p.name
        if (p.in === 'path') parent.argument(`<${p.name.replace(/_/g, '-')}>`, help)
        else parent.option(`--${p.name.replace(/_/g, '-')} <value>`, help)
      }
      if (info.body !== 'none') parent.option('--body <json>', t('mock.bodyOption'))
      parent.action(async (...args: unknown[]) => {
        const cmd = args.at(-1) as Command
        const positional = args.slice(0, -2).filter((a): a is string => typeof a === 'string')
        await (await admin()).tableCommand(name, positional, cmd, io)
      })
    }
  }
}
