import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { memberCount, memberExists } from './load-mix.js'
import { startMock, type MockProcess } from './spawn-mock.js'

export const STATE_FILE = 'krs-mock-state.json'

/** One acknowledged add_member: the address and the member id the answer gave. */
export interface Acked {
  email: string
  id: number
}

/**
 * Steady writes: `workers` loops of sequential add_member calls until `stop()`; returns the
 * acknowledged writes (address and issued id) in acknowledgement order per worker.
 */
export function steadyWrites(url: string, tag: string, workers = 4): { stop: () => Promise<Acked[][]> } {
  let running = true
  const acked: Acked[][] = Array.from({ length: workers }, () => [])
  const loops = acked.map(async (list, w) => {
    for (let i = 0; running; i++) {
      const email = `crash-${tag}-${w}-${i}@example.com`
      try {
        const r = await fetch(`${url}/api/v1/add_member`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer krs-all' },
          body: JSON.stringify({ member_table_id: 1, member_info: { e_4: email, e_5: 'abcd1234', e_6: '障害 試験' } }),
        })
        const text = await r.text()
        if (r.status === 200) list.push({ email, id: Number(text) })
      } catch {
        return // the server went away (SIGKILL)
      }
    }
  })
  return {
    stop: async () => {
      running = false
      await Promise.all(loops)
      return acked
    },
  }
}

/** The member id of an address in table 1 (0 when none). */
async function memberIdOf(url: string, email: string): Promise<number> {
  const r = await fetch(`${url}/api/v1/lookup_member_id`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer krs-all' },
    body: JSON.stringify({ member_table_id: 1, member_info: { e_4: email } }),
  })
  return r.status === 200 ? ((await r.json()) as number) : 0
}

export interface CrashOutcome {
  /** Members before the writes plus the writes acknowledged before the kill. */
  acknowledged: number
  /** Members after the restart (acknowledged ones, plus writes applied but not yet answered). */
  restored: number
  /** Acknowledged writes missing after the restart, or restored under another id. */
  lost: number
  /** Ids the restarted server issued that an acknowledged write already had. */
  reissuedIds: number
  /** The state file on disk after the kill parsed (never torn). */
  fileParsed: boolean
  leftoverTempFiles: string[]
}

/**
 * SIGKILL krs-mock during steady writes with --data-dir, then restart on the same folder:
 * every acknowledged write must be there under the id its answer gave, and new members must
 * get ids no acknowledged write had.
 */
export async function crashOnce(writeSeconds: number, tag: string): Promise<CrashOutcome> {
  const dir = await mkdtemp(join(tmpdir(), 'krs-crash-'))
  try {
    const mock = await startMock(['--data-dir', dir, '--members', '50'])
    const base = await memberCount(mock.url, 'krs-all')
    const writer = steadyWrites(mock.url, tag)
    await new Promise((r) => setTimeout(r, writeSeconds * 1000))
    mock.child.kill('SIGKILL')
    const acked = (await writer.stop()).flat()
    await mock.stop('SIGKILL')
    const files = await readdir(dir)
    let fileParsed = true
    try {
      JSON.parse(await readFile(join(dir, STATE_FILE), 'utf8'))
    } catch {
      fileParsed = !files.includes(STATE_FILE) // no snapshot yet is fine; a torn one is not
    }
    // what a kill between a snapshot's temp file and its rename leaves (this run may or may not have hit it)
    await writeFile(join(dir, `${STATE_FILE}.${mock.child.pid}.${Date.now()}.tmp`), '{"torn":')
    const again = await startMock(['--data-dir', dir, '--members', '50'])
    let outcome: Omit<CrashOutcome, 'leftoverTempFiles'>
    try {
      const restored = await memberCount(again.url, 'krs-all')
      let lost = 0
      for (const a of acked) if ((await memberIdOf(again.url, a.email)) !== a.id) lost++
      const ackedIds = new Set(acked.map((a) => a.id))
      let reissuedIds = 0
      const after = steadyWrites(again.url, `${tag}-after`, 2)
      await new Promise((r) => setTimeout(r, 300))
      for (const a of (await after.stop()).flat()) if (ackedIds.has(a.id)) reissuedIds++
      outcome = { acknowledged: base + acked.length, restored, lost, reissuedIds, fileParsed }
    } finally {
      await again.stop('SIGTERM')
    }
    // the kill may cut a write between its temp file and the rename: the restart removes
    // that temp file, and the restarted server, stopped cleanly, leaves none of its own
    return { ...outcome, leftoverTempFiles: (await readdir(dir)).filter((f) => f.endsWith('.tmp')) }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** Writes, SIGTERM, restart: every acknowledged write is still there. */
export async function cleanShutdownOnce(
  writeSeconds: number,
  tag: string,
): Promise<{ acknowledged: number; restored: number; missing: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'krs-clean-'))
  let mock: MockProcess | undefined
  try {
    mock = await startMock(['--data-dir', dir, '--members', '50'])
    const base = await memberCount(mock.url, 'krs-all')
    const writer = steadyWrites(mock.url, tag)
    await new Promise((r) => setTimeout(r, writeSeconds * 1000))
    const acked = (await writer.stop()).flat().map((a) => a.email)
    const code = await mock.stop('SIGTERM')
    if (code !== 0) throw new Error(`krs-mock exited ${String(code)} on SIGTERM`)
    const again = await startMock(['--data-dir', dir, '--members', '50'])
    try {
      const restored = await memberCount(again.url, 'krs-all')
      let missing = 0
      for (const email of acked.filter((_, i) => i % Math.max(1, Math.floor(acked.length / 50)) === 0))
        if (!(await memberExists(again.url, 'krs-all', email))) missing++
      return { acknowledged: base + acked.length, restored, missing }
    } finally {
      await again.stop('SIGTERM')
    }
  } finally {
    await mock?.stop('SIGKILL')
    await rm(dir, { recursive: true, force: true })
  }
}
