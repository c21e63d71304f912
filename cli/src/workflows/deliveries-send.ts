import type { Command } from 'commander'
import { printResult } from '../commands/print-result.js'
import type { GlobalOptions } from '../commands/global-options.js'
import { requireBase } from '../client/make-client.js'
import { UsageError } from '../exit-codes.js'
import { t } from '../i18n/lang.js'
import type { CliIo } from '../io.js'
import { parseTime, resolveTime } from '../time/duration.js'
import { serverNow } from './emulator.js'
import { idArgument } from './parse-args.js'
import { ensureWaitCanEnd, type PollOptions } from './poll.js'
import { commandLine, whileStarted } from './started-work.js'
import { waitForDeliveryPhase } from './wait-actions.js'
import { workflowTarget } from './workflow-client.js'

interface SendOptions extends PollOptions {
  message?: string
  condition: string
  element?: string
  at?: string
  title?: string
  blacklist?: boolean
  wait?: boolean
}

/** add_delivery_schedule from flags; `--wait` then waits for phase 3. */
export async function deliveriesSend(cmd: Command, io: CliIo): Promise<void> {
  const o = cmd.opts<SendOptions>()
  const messageId = idArgument('--message', o.message)
  const conditionId = idArgument('--condition', o.condition)
  const elementId = idArgument('--element', o.element)
  if (o.at === undefined) throw new UsageError(t('err.badTime', { name: '--at', value: '' }))
  const when = parseTime('--at', o.at)
  const target = await workflowTarget(cmd, io)
  if (o.wait) await ensureWaitCanEnd(target, io, o, 'deliveries send --wait')
  // `now` and `+10m` are the server's now: the emulator's virtual clock, or the service's Date.
  const at = await resolveTime(when, () => serverNow(io, target.conn, requireBase(target.conn)))
  const title = o.title ?? `krs deliveries send ${new Date(at * 1000).toISOString()}`
  const deliveryId = await target.client.addDeliverySchedule({
    mail_message_id: messageId,
    delivery_info: {
      title,
      condition_id: conditionId,
      element_id: elementId,
      delivery_date: at,
      ...(o.blacklist ? { blacklist: true } : {}),
    },
  })
  const result: Record<string, unknown> = { delivery_id: deliveryId, delivery_date: at }
  if (o.wait) {
    // The delivery is what was asked for: a wait that ends early leaves it scheduled and says so.
    const hint = () =>
      t('resume.delivery', {
        id: deliveryId,
        command: commandLine(cmd, [
          'wait',
          'delivery',
          String(deliveryId),
          ...(o.interval !== undefined ? ['--interval', o.interval] : []),
          ...(o.advanceClock ? ['--advance-clock'] : []),
        ]),
        cancel: commandLine(cmd, ['cancel-delivery-schedule', '--delivery-id', String(deliveryId)]),
      })
    result.status = await whileStarted(io, hint, () => waitForDeliveryPhase(target, deliveryId, 3, o, io))
  }
  await printResult(result, cmd.optsWithGlobals<GlobalOptions>(), io)
}
