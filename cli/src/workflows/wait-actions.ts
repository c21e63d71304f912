import type { Command } from 'commander'
import type { BatchJobStatus, DeliveryStatus } from '@krs-kit/sdk'
import { printResult } from '../commands/print-result.js'
import type { GlobalOptions } from '../commands/global-options.js'
import { UsageError } from '../exit-codes.js'
import { orList, t } from '../i18n/lang.js'
import type { MessageKey } from '../i18n/messages.js'
import type { CliIo } from '../io.js'
import { idArgument } from './parse-args.js'
import { pollUntil, type PollOptions } from './poll.js'
import { createProgress } from './progress.js'
import { workflowTarget, type WorkflowTarget } from './workflow-client.js'

export function phaseName(phase: number): string {
  return phase >= 0 && phase <= 3 ? t(`phase.${phase}` as MessageKey) : ''
}

export function deliveryProgressText(status: DeliveryStatus): string {
  const [phase, info] = status
  return `${t('progress.delivery', { phase, name: phaseName(phase) })}${info ? ` ${info}` : ''}`
}

/** Waits until the delivery reaches `phase`, with a progress bar on a terminal. */
export async function waitForDeliveryPhase(
  target: WorkflowTarget,
  id: number,
  phase: number,
  o: PollOptions,
  io: CliIo,
): Promise<DeliveryStatus> {
  const progress = createProgress(io)
  const names = (s: DeliveryStatus) => ({
    id,
    phase,
    phaseName: phaseName(phase),
    last: s[0],
    lastName: phaseName(s[0]),
  })
  try {
    return await pollUntil(target, io, o, {
      check: () => target.client.getDeliveryStatus({ delivery_id: id }),
      done: (s) => s[0] >= phase,
      onProgress: (s) => progress.update(deliveryProgressText(s), (s[0] / 3) * 100),
      stalledMessage: (s) => t('waitFail.deliveryManual', names(s)),
      timeoutMessage: (s, limit) => t('waitFail.deliveryTimeout', { ...names(s), limit }),
    })
  } finally {
    progress.stop()
  }
}

export async function waitDelivery(idText: string, cmd: Command, io: CliIo): Promise<void> {
  const id = idArgument('<delivery-id>', idText)
  const o = cmd.opts<{ phase?: string } & PollOptions>()
  let phase = 3
  if (o.phase !== undefined) {
    if (!/^[0-3]$/.test(o.phase))
      throw new UsageError(t('err.choice', { name: '--phase', choices: orList([0, 1, 2, 3]), value: o.phase }))
    phase = Number(o.phase)
  }
  const target = await workflowTarget(cmd, io)
  const status = await waitForDeliveryPhase(target, id, phase, o, io)
  await printResult(status, cmd.optsWithGlobals<GlobalOptions>(), io)
}

/** Waits for a batch job with a progress bar; returns its last status. */
export async function waitForJob(
  target: WorkflowTarget,
  id: number,
  o: PollOptions,
  io: CliIo,
  label: string,
): Promise<BatchJobStatus> {
  const progress = createProgress(io)
  try {
    return await pollUntil(target, io, o, {
      check: () => target.client.getBatchJobStatus({ batch_job_id: id }),
      done: (s) => s.progress >= 100,
      onProgress: (s) => progress.update(t('progress.job', { label, id }), s.progress),
      stalledMessage: (s) => t('waitFail.jobManual', { id, progress: s.progress }),
      timeoutMessage: (s, limit) => t('waitFail.jobTimeout', { id, progress: s.progress, limit }),
    })
  } finally {
    progress.stop()
  }
}

export async function waitBatchJob(idText: string, cmd: Command, io: CliIo): Promise<void> {
  const id = idArgument('<batch-job-id>', idText)
  const o = cmd.opts<PollOptions>()
  const target = await workflowTarget(cmd, io)
  const status = await waitForJob(target, id, o, io, t('progress.wait'))
  await printResult(status, cmd.optsWithGlobals<GlobalOptions>(), io)
}
