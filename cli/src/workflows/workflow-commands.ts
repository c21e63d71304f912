import type { Command } from 'commander'
import { t } from '../i18n/lang.js'
import type { CliIo } from '../io.js'

/** The polling options of every command that waits. */
function pollOptions(cmd: Command): Command {
  return cmd.option('--interval <duration>', t('opt.interval')).option('--advance-clock', t('opt.advanceClock'))
}

/** `krs wait`, `krs members`, `krs deliveries`: the sequences users otherwise script. */
export function addWorkflowCommands(program: Command, io: CliIo): void {
  const group = t('group.workflows')
  const wait = program.command('wait').description(t('wait.description')).helpGroup(group)
  pollOptions(
    wait
      .command('delivery')
      .description(t('wait.delivery'))
      .argument('<delivery-id>', t('arg.deliveryId'))
      .option('--phase <0-3>', t('opt.phase')),
  ).action(async (id: string, _o: unknown, cmd: Command) => (await import('../actions.js')).waitDelivery(id, cmd, io))
  pollOptions(
    wait.command('batch-job').description(t('wait.batchJob')).argument('<batch-job-id>', t('arg.batchJobId')),
  ).action(async (id: string, _o: unknown, cmd: Command) => (await import('../actions.js')).waitBatchJob(id, cmd, io))

  const members = program.command('members').description(t('members.description')).helpGroup(group)
  pollOptions(
    members
      .command('export')
      .description(t('members.export'))
      .option('--table <id>', t('opt.table'))
      .option('--condition <id>', t('opt.condition'), '1')
      .option('--columnset <id>', t('opt.columnset'), '1')
      .option('--tsv', t('opt.tsv'))
      .option('--out <file>', t('opt.out'))
      .option('--resume <batch-job-id>', t('opt.resumeJob')),
  ).action(async (_o: unknown, cmd: Command) => (await import('../actions.js')).membersExport(cmd, io))
  pollOptions(
    members
      .command('import')
      .description(t('members.import'))
      .option('--table <id>', t('opt.table'))
      .option('--file <file>', t('opt.file'))
      .option('--mode <0-3>', t('opt.mode')),
  ).action(async (_o: unknown, cmd: Command) => (await import('../actions.js')).membersImport(cmd, io))

  const deliveries = program.command('deliveries').description(t('deliveries.description')).helpGroup(group)
  pollOptions(
    deliveries
      .command('send')
      .description(t('deliveries.send'))
      .option('--message <id>', t('opt.message'))
      .option('--condition <id>', t('opt.condition'), '1')
      .option('--element <id>', t('opt.element'))
      .option('--at <time>', t('opt.at'))
      .option('--title <title>', t('opt.title'))
      .option('--blacklist', t('opt.blacklist'))
      .option('--wait', t('opt.wait')),
  ).action(async (_o: unknown, cmd: Command) => (await import('../actions.js')).deliveriesSend(cmd, io))
}
