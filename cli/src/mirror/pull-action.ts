import { writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { Command } from 'commander'
import { connectionFlags, type GlobalOptions } from '../commands/global-options.js'
import { requireBase, requireToken } from '../client/make-client.js'
import { resolveConnection } from '../config/resolve-connection.js'
import { ExitError, UsageError } from '../exit-codes.js'
import { t } from '../i18n/lang.js'
import { createProgress } from '../workflows/progress.js'
import type { CliIo } from '../io.js'
import { anonymizeMembers, requireFaker } from './anonymize.js'
import { pullScenario, PullError, type PullSummary } from './pull.js'
import { readOnlyCaller } from './read-only-caller.js'
import { resumableCaller, stateFileOf } from './resume.js'

const outputFormats = ['json', 'yaml', 'table', 'csv']

interface PullFlags {
  members?: string
  anonymize?: boolean
  out?: string
  resume?: boolean
}

function summaryText(s: PullSummary): string {
  const lines = [t('pull.pulled')]
  for (const p of s.pulled) lines.push(`  ${p.what}: ${p.count}`)
  lines.push(t('pull.notPulled'))
  for (const n of s.notPulled) lines.push(`  ${n.what}: ${n.why}`)
  return `${lines.join('\n')}\n`
}

/** `krs scenario pull`: an environment read with read-only calls, written as a scenario file. */
export async function scenarioPull(cmd: Command, io: CliIo): Promise<void> {
  const g = cmd.optsWithGlobals<GlobalOptions & PullFlags>()
  const f = cmd.opts<PullFlags>()
  // `-o scenario.yaml`, as users write it by habit: a value of -o that is no output format names the file
  const out = f.out ?? (g.output !== undefined && !outputFormats.includes(g.output) ? g.output : undefined)
  if (!out) throw new UsageError(t('err.pullOut'))
  const members = f.members === undefined ? 0 : Number(f.members)
  if (!Number.isSafeInteger(members) || members < 0 || !/^\d+$/.test(f.members ?? '0'))
    throw new UsageError(t('err.integerMin', { name: '--members', min: 0, value: f.members ?? '' }))
  if (f.anonymize) await requireFaker()
  const conn = await resolveConnection(connectionFlags(g), io.env)
  const path = resolve(io.cwd, out)
  const state = await resumableCaller(
    readOnlyCaller(io, requireBase(conn), requireToken(conn)),
    stateFileOf(path),
    f.resume === true,
  )
  const caller = state.caller
  const anonymize = f.anonymize ? anonymizeMembers : undefined
  const progress = createProgress(io)
  let result: Awaited<ReturnType<typeof pullScenario>>
  try {
    result = await pullScenario(caller, {
      members,
      anonymize,
      progress: (text, percent) => progress.update(text, percent),
    })
  } catch (e) {
    if (e instanceof PullError) throw new ExitError(e.message, 1)
    throw e
  } finally {
    progress.stop()
  }
  const text = /\.json$/i.test(path)
    ? `${JSON.stringify(result.scenario, null, 2)}\n`
    : (await import('yaml')).stringify(result.scenario, { lineWidth: 0 })
  await writeFile(path, text)
  await state.done()
  if (state.reused() > 0) io.stderr(`${t('pull.resumed', { count: state.reused() })}\n`)
  io.stderr(summaryText(result.summary))
  io.stderr(`${t('pull.wrote', { path })}\n`)
}
