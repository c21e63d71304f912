/**
 * Shared setup of the member-database benchmarks: a tenant of the default scenario with N
 * generated members, and an EngineContext acting as krs-all (engine level, no HTTP).
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defaultScenario, type EngineContext, parseScenario } from '@krs-kit/mock-server'
import { buildTenantState, type TenantState } from '@krs-kit/mock-server/internal'

/** 2026-01-15 12:00:00 JST */
export const NOW = 1_768_446_000

export function buildTenant(members: number): { tenant: TenantState; wall: number; cpu: number } {
  const scenario = parseScenario(defaultScenario())
  const r = once(() => buildTenantState('bench', scenario, { seed: 1, members, now: NOW }))
  return { tenant: r.value as TenantState, wall: r.wall, cpu: r.cpu }
}

export function ctxOf(tenant: TenantState): EngineContext {
  const account = tenant.accounts.get(tenant.tokens.get('krs-all')!.accountId)!
  let s = 1
  return {
    operation: 'get_members_num_by_oneshot_condition',
    tenant,
    account,
    now: () => NOW,
    random: () => {
      s = (s * 16807) % 2147483647
      return s / 2147483647
    },
    audit: () => {},
  }
}

export interface Timing {
  /** Median wall-clock time, ms. */
  wall: number
  /** Median CPU time of this process (user + system), ms: steadier on a busy machine. */
  cpu: number
}

/** Median of `runs` timings of `fn`, after `warmup` untimed runs. */
export function median(fn: () => unknown, runs = 11, warmup = 3): Timing {
  for (let i = 0; i < warmup; i++) fn()
  const wall: number[] = [],
    cpu: number[] = []
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage()
    const t0 = performance.now()
    fn()
    wall.push(performance.now() - t0)
    const c = process.cpuUsage(c0)
    cpu.push((c.user + c.system) / 1000)
  }
  const mid = (a: number[]) => a.sort((x, y) => x - y)[Math.floor(a.length / 2)]!
  return { wall: mid(wall), cpu: mid(cpu) }
}

/** Wall and CPU time of one call. */
export function once<T>(fn: () => T): { value: T; wall: number; cpu: number } {
  const c0 = process.cpuUsage()
  const t0 = performance.now()
  const value = fn()
  const wall = performance.now() - t0
  const c = process.cpuUsage(c0)
  return { value, wall, cpu: (c.user + c.system) / 1000 }
}

export const timing = (t: { wall: number; cpu: number }) => `${fmt(t.wall)} wall, ${fmt(t.cpu)} CPU`

/** The machine's load average, printed with the figures (a busy machine stretches wall time). */
export function loadNote(): string {
  return `load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`
}

export const fmt = (ms: number) => `${ms.toFixed(ms < 10 ? 2 : 1)} ms`

/** The folder of the SQLite baseline's own install (bench/sqlite-baseline: not a workspace). */
const SQLITE_BASELINE_DIR = fileURLToPath(new URL('./sqlite-baseline/', import.meta.url))

/**
 * better-sqlite3, the baseline of bench:members-count: from BETTER_SQLITE3_DIR, else from
 * bench/sqlite-baseline, installed there from its lockfile on first use (it compiles from
 * source here, about a minute, which `npm ci` of the repository no longer pays). Null, with the
 * reason on stderr, when it cannot be had.
 */
export function loadSqlite(): (new (file: string) => SqliteDb) | null {
  const fromDir = (dir: string) =>
    createRequire(join(dir, 'package.json'))('better-sqlite3') as new (
      file: string,
    ) => SqliteDb
  if (process.env.BETTER_SQLITE3_DIR) {
    try {
      return createRequire(join(process.env.BETTER_SQLITE3_DIR, 'index.js'))(process.env.BETTER_SQLITE3_DIR) as new (
        file: string,
      ) => SqliteDb
    } catch (e) {
      console.error(`BETTER_SQLITE3_DIR=${process.env.BETTER_SQLITE3_DIR}: ${(e as Error).message}`)
      return null
    }
  }
  try {
    return fromDir(SQLITE_BASELINE_DIR)
  } catch {
    /* not installed yet */
  }
  console.error(
    `installing the SQLite baseline into ${SQLITE_BASELINE_DIR} (once; better-sqlite3 compiles, about a minute)`,
  )
  // node-gyp takes the Node headers of /usr/include/node (Debian's nodejs-dev) rather than a download
  const env = { ...process.env }
  if (!env.npm_config_nodedir && existsSync('/usr/include/node/node.h')) env.npm_config_nodedir = '/usr'
  const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: SQLITE_BASELINE_DIR, stdio: 'inherit', env })
  if (r.status !== 0) {
    console.error(`npm ci in ${SQLITE_BASELINE_DIR} failed (exit ${r.status ?? r.signal})`)
    return null
  }
  return fromDir(SQLITE_BASELINE_DIR)
}

export interface SqliteDb {
  exec(sql: string): void
  prepare(sql: string): {
    run(...a: unknown[]): unknown
    get(...a: unknown[]): unknown
    all(...a: unknown[]): unknown[]
  }
  transaction<T extends (...a: never[]) => unknown>(fn: T): T
  close(): void
}
