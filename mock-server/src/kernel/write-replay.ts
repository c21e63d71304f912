import { apiNameOf } from './route.js'
import type { ClockMode } from './clock.js'
import type { EngineInternals } from './engine-internals.js'
import { handleApi } from './pipeline.js'
import type { TenantRuntime } from './tenant-runtime.js'
import type { TenantScenario } from './tenant-state.js'
import type { ForkRecord, LogRecord } from './write-record.js'

export interface ReplayReport {
  replayed: number
  /** Records whose call did not succeed again (a bug, or a record of a deleted tenant). */
  failed: { seq: number | undefined; tenant: string; path: string; status: number }[]
}

/**
 * Run logged writes again, in order, on the state they were made on (the last snapshot plus
 * the records before them): each with its tenant's clock at the call's time (due transitions
 * run first, as they did) and the random source where it was. Clocks then resume where they
 * would be; journals are cleared. The caller keeps the persistence hook off while this runs.
 */
export async function replayWrites(internals: EngineInternals, records: Iterable<LogRecord>): Promise<ReplayReport> {
  const report: ReplayReport = { replayed: 0, failed: [] }
  const resume = new Map<TenantRuntime, { mode: ClockMode; now: number }>()
  const templates = new Map<string, TenantRuntime>()
  for (const rec of records) {
    if (rec.kind === 'fork') {
      if (replayFork(internals, rec, templates)) report.replayed++
      else report.failed.push({ seq: rec.seq, tenant: rec.tenant, path: `fork of ${rec.from}`, status: 0 })
      continue
    }
    const t = internals.registry.get(rec.tenant)
    const name = apiNameOf(rec.path)
    if (!t || name === null) {
      report.failed.push({ seq: rec.seq, tenant: rec.tenant, path: rec.path, status: 0 })
      continue
    }
    if (!resume.has(t)) {
      resume.set(t, { mode: t.clock.mode(), now: t.clock.now() })
      t.clock.setMode('manual')
    }
    if (rec.at > t.clock.now()) t.scheduler.advanceTo(rec.at)
    else t.clock.set(rec.at)
    t.random.setState(rec.random)
    const res = await handleApi(
      internals,
      {
        method: 'POST',
        path: rec.path,
        query: '',
        header: (h) =>
          h === 'authorization'
            ? (rec.authorization ?? undefined)
            : h === 'content-type'
              ? 'application/json'
              : undefined,
        bodyText: rec.body,
      },
      name,
      internals.nextRequestId(),
    )
    report.replayed++
    if (res.status !== 200) report.failed.push({ seq: rec.seq, tenant: rec.tenant, path: rec.path, status: res.status })
  }
  for (const [t, r] of resume) {
    const now = Math.max(r.now, t.clock.now())
    if (now > t.clock.now()) t.scheduler.advanceTo(now)
    t.clock.setMode(r.mode)
    t.journal.clear()
  }
  return report
}

/**
 * A logged fork, made again with its id, clock and token values; false when its source is
 * gone. A template is built again from the record (once per replay and template).
 */
function replayFork(internals: EngineInternals, rec: ForkRecord, templates: Map<string, TenantRuntime>): boolean {
  let source: TenantRuntime | undefined
  if (rec.template) {
    const key = JSON.stringify([rec.from, rec.template])
    source = templates.get(key)
    if (!source) {
      const t = rec.template
      source = internals.registry.detached(`template:${rec.from}`, {
        scenario: t.scenario as TenantScenario,
        seed: t.seed,
        members: t.members ?? undefined,
        clock: t.clock,
      })
      templates.set(key, source)
    }
  } else source = internals.registry.get(rec.from)
  if (!source || internals.registry.get(rec.tenant)) return false
  internals.registry.fork(rec.tenant, source, rec.clock, rec.tokens)
  return true
}
