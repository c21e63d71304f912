import type { Command } from 'commander'
import type { BatchJobStatus, DeliveryStatus } from '@krs-kit/sdk'
import { printResult } from '../commands/print-result.js'
import type { GlobalOptions } from '../commands/global-options.js'
import { UsageError } from '../exit-codes.js'
import type { CliIo } from '../io.js'
import { idArgument, intervalMs, timeoutMs } from './parse-args.js'
import { createProgress } from './progress.js'
import { workflowClient } from './workflow-client.js'

const phaseNames = ['配信予約中', '配信リスト作成中', '引き渡し中', '引き渡し終了'] as const

export function deliveryProgressText(status: DeliveryStatus): string {
  const [phase, info] = status
  return `配信 フェーズ ${phase} ${phaseNames[phase] ?? ''}${info ? ` ${info}` : ''}`
}

export async function waitDelivery(idText: string, cmd: Command, io: CliIo): Promise<void> {
  const id = idArgument('<delivery-id>', idText)
  const o = cmd.opts<{ phase?: string; interval?: string; timeout?: string }>()
  let phase: 0 | 1 | 2 | 3 = 3
  if (o.phase !== undefined) {
    if (!/^[0-3]$/.test(o.phase)) throw new UsageError(`--phase must be 0, 1, 2 or 3 (got "${o.phase}")`)
    phase = Number(o.phase) as 0 | 1 | 2 | 3
  }
  const client = await workflowClient(cmd, io)
  const progress = createProgress(io)
  try {
    const status = await client.waitForDelivery(id, {
      phase,
      intervalMs: intervalMs(o.interval),
      timeoutMs: timeoutMs(o.timeout),
      onProgress: (s) => progress.update(deliveryProgressText(s), (s[0] / 3) * 100),
    })
    progress.stop()
    await printResult(status, cmd.optsWithGlobals<GlobalOptions>(), io)
  } finally {
    progress.stop()
  }
}

/** Waits for a batch job with a progress bar; returns its last status. */
export async function waitForJob(
  client: Awaited<ReturnType<typeof workflowClient>>,
  id: number,
  o: { interval?: string | undefined; timeout?: string | undefined },
  io: CliIo,
  label: string,
): Promise<BatchJobStatus> {
  const progress = createProgress(io)
  try {
    return await client.waitForBatchJob(id, {
      intervalMs: intervalMs(o.interval),
      timeoutMs: timeoutMs(o.timeout),
      onProgress: (s) => progress.update(`${label} バッチジョブ ${id}`, s.progress),
    })
  } finally {
    progress.stop()
  }
}

export async function waitBatchJob(idText: string, cmd: Command, io: CliIo): Promise<void> {
  const id = idArgument('<batch-job-id>', idText)
  const o = cmd.opts<{ interval?: string; timeout?: string }>()
  const client = await workflowClient(cmd, io)
  const status = await waitForJob(client, id, o, io, '待機中')
  await printResult(status, cmd.optsWithGlobals<GlobalOptions>(), io)
}
