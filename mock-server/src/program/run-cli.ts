import type { IncomingMessage, ServerResponse } from 'node:http'
import { createEngine } from '../emulator.js'
import type { Engine, EngineOptions } from '../kernel/create-engine.js'
import { tokensByName } from '../kernel/tenant-runtime.js'
import { startNodeServer, type RunningServer } from '../node/index.js'
import { CliUsageError, parseCliArgs } from './cli-args.js'
import { type DataDirLock, lockDataDir } from './data-dir-lock.js'
import { durableStorage, type DurableState, type DurableStorage } from './durable-state.js'
import { EMULATOR_VERSION } from '../kernel/version.js'
import { CLOCK_MAX, CLOCK_MIN } from '../kernel/clock.js'
import { helpLangOf, krsMockUsage } from './options.js'
import { portOwner } from './port-owner.js'
import { createRequestLog } from './request-log.js'
import { readScenarioFile, scenarioYaml } from './scenario-file.js'
import { startSmtpLoop, type SmtpLoop } from './smtp-loop.js'

export interface CliIo {
  out: (text: string) => void
  err: (text: string) => void
  /** `POST /__mock/shutdown` was accepted: the host stops (bin.ts: as on SIGTERM). Default: none (501). */
  stopRequested?: (() => void) | undefined
}

/** The port is taken: the message names it and, where it can be read, the process holding it. */
export class PortInUseError extends Error {
  override readonly name = 'PortInUseError'
}

/** Flags whose value a loaded `--data-dir` state replaces (the tenants keep theirs). */
const stateFlags = ['scenario', 'seed', 'members', 'now', 'clock'] as const

export interface RunningCli {
  server: RunningServer
  /** The engine behind the server. */
  engine: Engine
  /** The SMTP relay with --smtp, else null. */
  smtp: SmtpLoop | null
  /** Stop serving, save the state (with --data-dir) and close. */
  shutdown(): Promise<void>
}

/**
 * `krs-mock`: parse flags, build the engine (scenario, seed, members, clock), load the
 * saved state, listen, print the URL and the default tenant's tokens.
 * Returns null after --help and --print-scenario; throws CliUsageError for bad flags.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<RunningCli | null> {
  const started = performance.now()
  const opts = parseCliArgs(argv)
  if (opts.help) {
    io.out(krsMockUsage(helpLangOf(process.env)))
    return null
  }
  if (opts.version) {
    io.out(`krs-mock ${EMULATOR_VERSION}\n`)
    return null
  }
  const engineOptions = await engineOptionsOf(opts)
  if (opts.printScenario) {
    io.out(scenarioYaml(engineOptions.scenario))
    return null
  }
  if (opts.repair && !opts.dataDir) throw new CliUsageError('--repair works on the write log of --data-dir DIR')
  // One server per data dir: taken before anything in it is read.
  const lock = opts.dataDir ? lockDataDir(opts.dataDir, (m) => io.err(`krs-mock: ${m}\n`)) : null
  const storage = opts.dataDir
    ? durableStorage(opts.dataDir, {
        onError: (message, e) => io.err(`[krs-mock] ${message}${e ? `: ${String(e)}` : ''}\n`),
        repair: opts.repair,
      })
    : null
  if (storage) engineOptions.persistence = storage.persistence
  const stop = io.stopRequested
  if (stop) engineOptions.onShutdownRequest = stop
  const { engine, durable } = await openEngine(engineOptions, storage, lock)
  const restored = durable?.restored ?? false
  const ignored = restored ? stateFlags.filter((f) => opts.given.has(f)) : []
  if (ignored.length > 0)
    io.err(
      `krs-mock: ${ignored.map((f) => `--${f}`).join(', ')} ${ignored.length === 1 ? 'is' : 'are'} ignored: the state saved in ${opts.dataDir} was loaded and keeps its own. ` +
        'Start with an empty --data-dir to apply them, or reset a tenant: POST /__mock/reset {"seed": …, "members": …, "scenario": …}\n',
    )
  const server = await listen(engine, opts, io, async () => {
    await durable?.close()
    lock?.release()
  })
  lock?.setAddress(server.host, server.port)

  let smtp: SmtpLoop | null = null
  if (opts.smtp) {
    smtp = await startSmtpLoop(engine, opts.smtp, { warn: io.err, origin: server.url })
    const loop = smtp
    // after each answered request: a delivery may have reached handover (or the clock moved)
    server.server.on('request', (_req: IncomingMessage, res: ServerResponse) => res.once('finish', () => loop.kick()))
  }
  io.out(bannerLines(engine, opts, server, durable, Math.round(performance.now() - started)).join('\n'))

  let closing: Promise<void> | null = null
  const shutdown = (): Promise<void> =>
    (closing ??= (async () => {
      await server.close()
      if (smtp) await smtp.close().catch((e: unknown) => io.err(`[krs-mock] smtp: ${String(e)}\n`))
      await durable?.close()
      lock?.release()
    })())
  return { server, engine, smtp, shutdown }
}

type CliOptions = ReturnType<typeof parseCliArgs>

/** Scenario, seed, members and clock of the engine from the flags. */
async function engineOptionsOf(opts: CliOptions): Promise<EngineOptions> {
  const engineOptions: EngineOptions = { seed: opts.seed, clock: { mode: opts.clock } }
  // Without the flag the engine's default applies (KRS_MOCK_VALIDATE_RESPONSES=1 or NODE_ENV=test).
  if (opts.validateResponses) engineOptions.validateResponses = true
  if (opts.members !== undefined) engineOptions.members = opts.members
  if (opts.publicUrl !== undefined) engineOptions.publicUrl = opts.publicUrl
  if (opts.scenario !== undefined) {
    try {
      engineOptions.scenario = await readScenarioFile(opts.scenario)
    } catch (e) {
      throw new CliUsageError(`cannot read --scenario ${opts.scenario}: ${(e as Error).message}`)
    }
  }
  // --now pins the clock (manual unless --clock says otherwise); a scenario's own `now`
  // does the same when neither --now nor --clock is given
  if (opts.now !== undefined) {
    // the clock's bounds (a saved state outside them would not load at the next start)
    if (opts.now < CLOCK_MIN || opts.now > CLOCK_MAX)
      throw new CliUsageError(
        `--now must be between 2000-01-01T00:00:00+09:00 and 9999-12-31T23:59:59+09:00 (unix ${CLOCK_MIN}..${CLOCK_MAX}; got ${opts.now})`,
      )
    engineOptions.clock = { mode: opts.clock, now: opts.now }
  } else if (!opts.clockSet) engineOptions.clock = {}
  return engineOptions
}

/** The engine, with the saved state loaded; the lock is released when that fails. */
async function openEngine(
  engineOptions: EngineOptions,
  storage: DurableStorage | null,
  lock: DataDirLock | null,
): Promise<{ engine: Engine; durable: DurableState | null }> {
  try {
    let engine: Engine
    try {
      engine = createEngine(engineOptions)
    } catch (e) {
      throw new CliUsageError(`invalid scenario: ${(e as Error).message}`)
    }
    return { engine, durable: storage ? await storage.open(engine) : null }
  } catch (e) {
    lock?.release()
    throw e
  }
}

/** Listen; a taken port is a PortInUseError naming its owner (after `cleanUp`). */
async function listen(
  engine: Engine,
  opts: CliOptions,
  io: CliIo,
  cleanUp: () => Promise<void>,
): Promise<RunningServer> {
  try {
    return await startNodeServer(engine, {
      host: opts.host,
      port: opts.port,
      adminRemote: opts.adminRemote,
      ...(opts.quiet ? {} : { onAnswer: createRequestLog(io.out) }),
      corsOrigins: opts.cors,
      allowedHosts: opts.allowedHosts,
      ...(opts.staticDir ? { staticDir: opts.staticDir } : {}),
      ...(opts.proxyTarget ? { proxyTarget: opts.proxyTarget } : {}),
    })
  } catch (e) {
    await cleanUp()
    if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e
    const owner = portOwner(opts.port)
    throw new PortInUseError(
      `port ${opts.port} on ${opts.host} is already in use${owner ? ` by ${owner}` : ''}; stop it, or start with --port <another> (--port 0 picks a free one)`,
    )
  }
}

/** What krs-mock prints once it listens: URLs, the state, the default tenant's tokens. */
function bannerLines(
  engine: Engine,
  opts: CliOptions,
  server: RunningServer,
  durable: DurableState | null,
  ms: number,
): string[] {
  const tokens = tokensByName(engine.defaultTenant)
  const width = Math.max(...Object.keys(tokens).map((k) => k.length))
  const restored = durable?.restored ?? false
  return [
    `krs-mock listening on ${server.url} (started in ${ms} ms)`,
    `  API:    POST ${server.url}/api/v1/{api_name}`,
    `  admin:  ${server.url}/__mock/ (clock ${engine.defaultTenant.clock.mode()})`,
    ...(opts.dataDir
      ? [
          `  state:  ${opts.dataDir} (${restored ? 'loaded' : 'new'})${durable?.replay.replayed ? `, ${durable.replay.replayed} logged writes replayed` : ''}; every write is logged (fsync) before its answer`,
        ]
      : []),
    ...(opts.smtp ? [`  smtp:   handed-over mails are also sent to ${opts.smtp}`] : []),
    '  tokens of the default tenant (Authorization: Bearer <token>):',
    ...Object.entries(tokens).map(([name, value]) => `    ${name.padEnd(width)}  ${value}`),
    '',
  ]
}
