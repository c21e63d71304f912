import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Engine } from '../kernel/create-engine.js'
import type { RejectedTenant } from '../kernel/engine.js'
import type { EngineStateFile, TenantSnapshot } from '../kernel/snapshot.js'
import type { TenantRuntime } from '../kernel/tenant-runtime.js'
import { type IdMarks, maxIdMarks, raiseIdMarks } from '../kernel/id-marks.js'
import type { LogRecord, PersistenceHook } from '../kernel/write-record.js'
import type { ReplayReport } from '../kernel/write-replay.js'
import { ID_RESERVE_FILE, IdReserve } from './id-reserve.js'
import { removeStaleTempFiles, STATE_FILE, writeFileAtomic } from './persistence.js'
import { WriteLog } from './write-log.js'

/** The state file with the last log sequence number its snapshot covers. */
interface StateFileWithLog extends EngineStateFile {
  log_seq?: number
}

export interface DurableState {
  /** Whether a saved state (snapshot or logged writes) was loaded. */
  readonly restored: boolean
  /** The writes replayed at start (after the snapshot). */
  readonly replay: ReplayReport
  readonly log: WriteLog
  /** The ids reserved in blocks (id-reserve.ts). */
  readonly reserve: IdReserve
  /** Snapshot now (when anything changed) and drop the log segments it covers. */
  compact(): Promise<void>
  /** Stop: wait for the log, write the last snapshot, close. */
  close(): Promise<void>
}

export interface DurableStateOptions {
  /** Snapshot (compaction) interval when the state changed (default 3 s). */
  intervalMs?: number
  /** A failed snapshot, or one tenant that could not be saved (the others are). */
  onError?: (message: string, error: unknown) => void
  /**
   * Cut a damaged write log at its last good record (keeping a copy) instead of refusing to
   * start with WriteLogDamagedError (`krs-mock --repair`).
   */
  repair?: boolean
}

/** A `--data-dir` store: the hook the engine is created with, then opened on that engine. */
export interface DurableStorage {
  /** For `EngineOptions.persistence`. */
  readonly persistence: PersistenceHook
  /** Load the saved state into the engine (created with `persistence`) and start logging. */
  open(engine: Engine): Promise<DurableState>
}

/**
 * `--data-dir`: load the last snapshot (`krs-mock-state.json`, validated like
 * `PUT /__mock/snapshot`), replay the logged writes after it, and from then on log every
 * accepted API write (fsynced before the answer, see WriteLog) and snapshot every few
 * seconds when something changed. Admin changes (reset, tenants, clock, snapshot import,
 * events) are not logged: the engine hands them to `onAdminChange`, which snapshots before
 * the answer.
 */
export function durableStorage(dir: string, opts: DurableStateOptions = {}): DurableStorage {
  let opened: DurableState | null = null
  let closed = false
  return {
    persistence: {
      onWrite: (record) => {
        if (closed) return Promise.reject(new Error(`the state in ${dir} is closed`))
        if (!opened) return Promise.reject(new Error(`the state in ${dir} is not open yet`))
        const { log, reserve } = opened
        // ids past their reservation are reserved on disk before the write is acknowledged
        const reserving = reserve.cover(record.tenant, record.ids)
        return reserving ? reserving.then(() => log.append(record)) : log.append(record)
      },
      onAdminChange: async (logged) => {
        if (!opened || closed) return
        // a fork is appended to the log like a write; other changes save the whole state
        if (logged && logged.length > 0) await Promise.all(logged.map((r) => opened!.log.append({ ...r })))
        else await opened.compact()
      },
    },
    async open(engine) {
      if (opened) throw new Error(`the state in ${dir} is open already`)
      const state = await openDurableState(engine, dir, opts)
      opened = {
        ...state,
        close: () => {
          closed = true
          return state.close()
        },
      }
      return opened
    },
  }
}

/** Where a saved tenant that does not load is kept (`<data-dir>/rejected/`). */
const REJECTED_DIR = 'rejected'

/**
 * A saved tenant that does not load (a file written by another version, edited by hand, or
 * damaged): its entry is written to `<dir>/rejected/<tenant>-<time>.json` with the reason, and
 * the message names the tenant and the JSON pointer; the other tenants start.
 */
async function setTenantAside(
  dir: string,
  r: RejectedTenant,
  onError: (message: string, error: unknown) => void,
): Promise<void> {
  const name = `${(r.tenantId ?? `entry-${r.index}`).replace(/[^A-Za-z0-9_-]/g, '_')}-${Date.now()}.json`
  const file = join(dir, REJECTED_DIR, name)
  await mkdir(join(dir, REJECTED_DIR), { recursive: true })
  const pointer = `/tenants/${r.index}${r.message}`
  await writeFileAtomic(file, JSON.stringify({ reason: pointer, tenant: r.entry }))
  onError(
    `tenant ${r.tenantId ?? `#${r.index}`} of ${join(dir, STATE_FILE)} does not load (${pointer}); it is set aside in ${file}, the other tenants start`,
    null,
  )
}

/**
 * The last snapshot (`krs-mock-state.json`) into the engine, with its tenants that do not
 * load set aside; the state as it will be saved next, and the log sequence it covers.
 */
async function loadStateFile(
  engine: Engine,
  dir: string,
  onError: (message: string, error: unknown) => void,
): Promise<{ onDisk: StateFileWithLog | null; rejected: Set<number>; logSeq: number }> {
  const rejected = new Set<number>()
  let text: string
  try {
    text = await readFile(join(dir, STATE_FILE), 'utf8')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e
    return { onDisk: null, rejected, logSeq: 0 }
  }
  let onDisk = JSON.parse(text) as StateFileWithLog
  const setAside: Promise<void>[] = []
  engine.importState(onDisk, {
    onRejected: (r) => {
      rejected.add(r.index)
      setAside.push(setTenantAside(dir, r, onError))
    },
  })
  await Promise.all(setAside)
  // the next snapshot keeps no rejected entry (only the tenants that loaded)
  if (rejected.size > 0) onDisk = { ...onDisk, tenants: onDisk.tenants.filter((_, i) => !rejected.has(i)) }
  return { onDisk, rejected, logSeq: typeof onDisk.log_seq === 'number' ? onDisk.log_seq : 0 }
}

/** A tenant that could not be saved: on stderr and in its journal. */
function reportTenant(dir: string, t: TenantRuntime, e: unknown, onError: (m: string, e: unknown) => void): void {
  onError(`tenant ${t.id} could not be saved; its last saved state is kept, the other tenants are saved`, e)
  t.journal.push({
    id: 'persistence',
    at: t.clock.now(),
    wallMs: Date.now(),
    method: 'SAVE',
    path: join(dir, STATE_FILE),
    operation: 'persistence',
    status: 500,
    errorCode: 'save_failed',
    durationMs: 0,
    requestText: '',
    responseText: JSON.stringify({ error: 'save_failed', message: String((e as Error)?.message ?? e) }),
  })
}

/**
 * Records a repair cut off were acknowledged: each tenant's id counters are raised to what
 * they had reached after them, so that none of their ids is issued again.
 */
function keepLostIds(engine: Engine, lost: readonly LogRecord[]): void {
  const byTenant = new Map<string, IdMarks[]>()
  for (const rec of lost)
    if (rec.kind === undefined && rec.ids) byTenant.set(rec.tenant, [...(byTenant.get(rec.tenant) ?? []), rec.ids])
  for (const [id, marks] of byTenant) {
    const t = engine.tenant(id)
    if (t) raiseIdMarks(t.state, maxIdMarks(marks))
  }
}

/** The ids of what a cut took off are unknown: every counter restarts above its reservation. */
function keepReservedIds(engine: Engine, reserve: IdReserve): void {
  for (const id of reserve.tenantIds()) {
    const t = engine.tenant(id)
    if (t) raiseIdMarks(t.state, reserve.marksOf(id))
  }
}

/** Removes (and names) the temp files of saves a kill cut short before their rename. */
async function removeCutSaves(dir: string, onError: (m: string, e: unknown) => void): Promise<void> {
  for (const name of await removeStaleTempFiles(dir, [STATE_FILE, ID_RESERVE_FILE]))
    onError(
      `removed ${join(dir, name)}, a save cut short when its process was killed (the file it was to replace is whole)`,
      null,
    )
}

/** The store behind `durableStorage`; the engine's hook reaches the log through it. */
async function openDurableState(engine: Engine, dir: string, opts: DurableStateOptions): Promise<DurableState> {
  const onError = opts.onError ?? ((m, e) => console.error(`[krs-mock] ${m}`, e))
  await mkdir(dir, { recursive: true })
  await removeCutSaves(dir, onError)
  const loaded = await loadStateFile(engine, dir, onError)
  let { onDisk } = loaded
  const { rejected, logSeq } = loaded
  let restored = onDisk !== null
  const reserve = await IdReserve.read(dir, opts.repair ?? false, (m) => onError(m, null))
  const { records, segments, lastSeq, lost, cut } = await WriteLog.read(dir, logSeq, {
    repair: opts.repair ?? false,
    onRepair: (m) => onError(m, null),
  })
  const replay = await engine.replayWrites(records)
  if (records.length > 0) restored = true
  keepLostIds(engine, lost)
  if (cut) keepReservedIds(engine, reserve)
  for (const f of replay.failed)
    onError(`replaying logged write #${f.seq} (${f.path}, tenant ${f.tenant}) answered ${f.status}`, null)
  const log = WriteLog.create(dir, lastSeq, segments)

  // logged writes, or a tenant set aside: the state file is written again at once
  // (raised counters too: the writes logged after them must replay on them)
  let saved = records.length > 0 || rejected.size > 0 || lost.length > 0 || cut ? -1 : engine.changes
  let running: Promise<void> | null = null

  const snapshotOnce = async (): Promise<void> => {
    const covered = log.rotate()
    const at = engine.changes
    const failed: string[] = []
    const state = engine.exportState({
      onTenantError: (t, e) => {
        failed.push(t.id)
        reportTenant(dir, t, e, onError)
      },
    }) as StateFileWithLog
    // a tenant that cannot be exported keeps its entry of the previous file
    for (const id of failed) {
      const previous: TenantSnapshot | undefined = onDisk?.tenants.find((x) => x.tenant_id === id)
      if (previous) state.tenants.push(previous)
    }
    state.log_seq = covered
    await writeFileAtomic(join(dir, STATE_FILE), JSON.stringify(state))
    onDisk = state
    saved = at
    await log.dropOlderSegments()
  }

  const compact = async (): Promise<void> => {
    while (running) await running
    if (engine.changes === saved) return
    running = snapshotOnce().finally(() => {
      running = null
    })
    await running
  }

  if (saved === -1) await compact()
  const timer = setInterval(() => {
    compact().catch((e: unknown) => onError('saving the state failed', e))
  }, opts.intervalMs ?? 3000)
  timer.unref()

  let closed: Promise<void> | null = null
  return {
    restored,
    replay,
    log,
    reserve,
    compact,
    close: () =>
      (closed ??= (async () => {
        clearInterval(timer)
        await log.drain()
        await compact()
        await log.close()
      })()),
  }
}
