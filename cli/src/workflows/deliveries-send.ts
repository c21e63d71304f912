import type { Command } from 'commander'
import { printResult } from '../commands/print-result.js'
import type { GlobalOptions } from '../commands/global-options.js'
import type { CliIo } from '../io.js'
import { idArgument, intervalMs, timeArgument } from './parse-args.js'
import { createProgress } from './progress.js'
import { deliveryProgressText } from './wait-actions.js'
import { workflowClient } from './workflow-client.js'

interface SendOptions {
  message?: string
  condition: string
  element?: string
  at?: string
  title?: string
  blacklist?: boolean
  wait?: boolean
  interval?: string
}

/** add_delivery_schedule from flags; `--wait` then waits for phase 3. */
export async function deliveriesSend(cmd: Command, io: CliIo): Promise<void> {
  const o = cmd.opts<SendOptions>()
  const messageId = idArgument('--message', o.message)
  const conditionId = idArgument('--condition', o.condition)
  const elementId = idArgument('--element', o.element)
  const at = timeArgument(o.at)
  const title = o.title ?? `krs deliveries send ${new Date(at * 1000).toISOString()}`
  const client = await workflowClient(cmd, io)
  const deliveryId = await client.addDeliverySchedule({
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
    const progress = createProgress(io)
    try {
      result.status = await client.waitForDelivery(deliveryId, {
        intervalMs: intervalMs(o.interval),
        onProgress: (s) => progress.update(deliveryProgressText(s), (s[0] / 3) * 100),
      })
    } finally {
      progress.stop()
    }
  }
  await printResult(result, cmd.optsWithGlobals<GlobalOptions>(), io)
}
