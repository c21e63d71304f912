import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { Command } from 'commander'
import { connectionFlags, type GlobalOptions } from '../commands/global-options.js'
import { printResult } from '../commands/print-result.js'
import { requireBase, requireToken } from '../client/make-client.js'
import { resolveConnection } from '../config/resolve-connection.js'
import { ExitError, UsageError } from '../exit-codes.js'
import { t } from '../i18n/lang.js'
import { createProgress } from '../workflows/progress.js'
import type { CliIo } from '../io.js'
import { readOnlyCaller, type ReadOnlyCaller } from './read-only-caller.js'
import { sweep } from './sweep.js'
import { checkAgainstContract, compareWithEmulator, type VerifyReport } from './verify.js'
import { isMissingPackage } from '../missing-package.js'

interface VerifyFlags {
  againstEmulator?: string
  emulatorToken?: string
}

/** The emulator to compare with: a URL, or a scenario file started in this process. */
async function emulatorCaller(target: string, token: string, io: CliIo): Promise<ReadOnlyCaller> {
  if (/^https?:\/\//.test(target))
    return readOnlyCaller(io, target.replace(/\/+$/, '').replace(/\/api\/v1$/, ''), token)
  let mock: typeof import('@krs-kit/mock-server')
  try {
    mock = await import('@krs-kit/mock-server')
  } catch (e) {
    if (!isMissingPackage(e, '@krs-kit/mock-server')) throw e
    throw new UsageError(
      'verify: --against-emulator with a scenario file needs the emulator, @krs-kit/mock-server; install it with: npm install -D @krs-kit/mock-server',
    )
  }
  const text = await readFile(resolve(io.cwd, target), 'utf8')
  const engine = mock.createEngine({ scenario: mock.parseScenario(text), clock: { mode: 'manual' } })
  return readOnlyCaller({ ...io, session: undefined, fetch: (r) => engine.handle(r) }, 'http://emulator.local', token)
}

function show(v: unknown): string {
  return v === undefined ? '(none)' : JSON.stringify(v)
}

/** `krs verify`: a read-only sweep checked against the contract and, optionally, an emulator. */
export async function verify(cmd: Command, io: CliIo): Promise<void> {
  const g = cmd.optsWithGlobals<GlobalOptions>()
  const f = cmd.opts<VerifyFlags>()
  const conn = await resolveConnection(connectionFlags(g), io.env)
  const caller = readOnlyCaller(io, requireBase(conn), requireToken(conn))
  const emulator = f.againstEmulator
    ? await emulatorCaller(f.againstEmulator, f.emulatorToken ?? 'krs-all', io)
    : undefined
  const progress = createProgress(io)
  let calls: Awaited<ReturnType<typeof sweep>>
  try {
    calls = await sweep(caller, (line) => progress.update(line))
  } finally {
    progress.stop()
  }
  const differences = await checkAgainstContract(calls)
  if (emulator) differences.push(...(await compareWithEmulator(calls, emulator)))
  const report: VerifyReport = { calls: calls.length, against: f.againstEmulator ?? null, differences }
  if (g.output !== undefined || g.query !== undefined) await printResult(report, g, io)
  else {
    for (const d of differences)
      io.stdout(`${d.operation} ${d.pointer || '/'} ${d.kind}: ${show(d.actual)} ≠ ${show(d.expected)}\n`)
    io.stdout(
      `${differences.length ? t('verify.found', { count: differences.length, calls: calls.length }) : t('verify.none', { calls: calls.length })}\n`,
    )
  }
  if (differences.length) throw new ExitError(t('verify.found', { count: differences.length, calls: calls.length }), 1)
}
