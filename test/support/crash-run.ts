import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { memberCount, memberExists } from './load-mix.js'
import { startMock, type MockProcess } from './spawn-mock.js'

export const STATE_FILE = 'krs-mock-state.json'

/**
 * Steady writes: `workers` loops of sequential add_member calls until `stop()`; returns the
 * acknowledged addresses in acknowledgement order per worker.
 */
export function steadyWrites(url: string, tag: string, workers = 4): { stop: () => Promise<string[][]> } {
  let running = true
  const acked: string[][] = Array.from({ length: workers }, () => [])
  const loops = acked.map(async (list, w) => {
    for (let i = 0; running; i++) {
      const email = `crash-${tag}-${w}-${i}@example.com`
      try {
        const r = await fetch(`${url}/api/v1/add_member`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer krs-all' },
          body: JSON.stringify({ member_table_id: 1, member_info: { e_4: email, e_5: 'abcd1234', e_6: '障害 試験' } }),
        })
        if (r.status === 200) list.push(email)
        await r.arrayBuffer()
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

export interface CrashOutcome {
  /** Members counted right before the kill (acknowledged so far, at least). */
  acknowledged: number
  /** Members after the restart. */
  restored: number
  /** Members in the state file found on disk after the kill (parsed: never torn). */
  inFile: number
  /** The restarted server's tenant state equals the file's (the last complete snapshot). */
  restoredEqualsFile: boolean
  /** Per writer, the restored addresses are a prefix of its acknowledged ones. */
  prefixes: boolean
  leftoverTempFiles: string[]
}

function membersInState(file: { tenants: Array<{ tenant_id: string; state: unknown }> }): string {
  const def = file.tenants.find((t) => t.tenant_id === 'default') ?? file.tenants[0]
  return JSON.stringify(def?.state)
}

/**
 * SIGKILL krs-mock during steady writes with --data-dir, then restart on the same folder.
 * `writeSeconds` should exceed the 3 s autosave interval at least once.
 */
export async function crashOnce(writeSeconds: number, tag: string): Promise<CrashOutcome> {
  const dir = await mkdtemp(join(tmpdir(), 'krs-crash-'))
  try {
    const mock = await startMock(['--data-dir', dir, '--members', '50'])
    const base = await memberCount(mock.url, 'krs-all')
    const writer = steadyWrites(mock.url, tag)
    await new Promise((r) => setTimeout(r, writeSeconds * 1000))
    mock.child.kill('SIGKILL')
    const acked = await writer.stop()
    await mock.stop('SIGKILL')
    const files = await readdir(dir)
    const text = await readFile(join(dir, STATE_FILE), 'utf8')
    const parsed = JSON.parse(text) as { tenants: Array<{ tenant_id: string; state: unknown }> } // throws on a torn file
    await copyFile(join(dir, STATE_FILE), join(dir, 'copy.json'))

    const again = await startMock(['--data-dir', dir, '--members', '50'])
    try {
      const restored = await memberCount(again.url, 'krs-all')
      const snap = (await (await fetch(`${again.url}/__mock/snapshot`, { headers: { authorization: 'Bearer krs-all' } })).json()) as { state: unknown }
      let prefixes = true
      for (const list of acked) {
        // Writes of one worker are sequential: the saved state holds the first k of them.
        let k = 0
        while (k < list.length && (await memberExists(again.url, 'krs-all', list[k]!))) k++
        if (k < list.length && (await memberExists(again.url, 'krs-all', list[list.length - 1]!)) && k !== list.length) prefixes = false
        for (let j = k + 1; j < Math.min(list.length, k + 5); j++) if (await memberExists(again.url, 'krs-all', list[j]!)) prefixes = false
      }
      const fileMembers = await membersFromFile(parsed)
      return {
        acknowledged: base + acked.reduce((a, l) => a + l.length, 0),
        restored,
        inFile: fileMembers,
        restoredEqualsFile: JSON.stringify(snap.state) === membersInState(parsed),
        prefixes,
        leftoverTempFiles: files.filter((f) => f.endsWith('.tmp')),
      }
    } finally {
      await again.stop('SIGTERM')
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** Members of table 1 in a saved state, counted by starting a throwaway engine on it. */
async function membersFromFile(parsed: unknown): Promise<number> {
  const { createEngine } = await import('../../mock-server/src/index.js')
  const engine = createEngine({ members: 1, validateResponses: false })
  engine.importState(parsed)
  const res = await engine.handle(
    new Request('http://krs.test/api/v1/get_members_num_by_condition', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer krs-all' },
      body: JSON.stringify({ member_table_id: 1, condition_id: 1 }),
    }),
  )
  return (await res.json()) as number
}

/** Writes, SIGTERM, restart: every acknowledged write is still there. */
export async function cleanShutdownOnce(writeSeconds: number, tag: string): Promise<{ acknowledged: number; restored: number; missing: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'krs-clean-'))
  let mock: MockProcess | undefined
  try {
    mock = await startMock(['--data-dir', dir, '--members', '50'])
    const base = await memberCount(mock.url, 'krs-all')
    const writer = steadyWrites(mock.url, tag)
    await new Promise((r) => setTimeout(r, writeSeconds * 1000))
    const acked = (await writer.stop()).flat()
    const code = await mock.stop('SIGTERM')
    if (code !== 0) throw new Error(`krs-mock exited ${String(code)} on SIGTERM`)
    const again = await startMock(['--data-dir', dir, '--members', '50'])
    try {
      const restored = await memberCount(again.url, 'krs-all')
      let missing = 0
      for (const email of acked.filter((_, i) => i % Math.max(1, Math.floor(acked.length / 50)) === 0)) if (!(await memberExists(again.url, 'krs-all', email))) missing++
      return { acknowledged: base + acked.length, restored, missing }
    } finally {
      await again.stop('SIGTERM')
    }
  } finally {
    await mock?.stop('SIGKILL')
    await rm(dir, { recursive: true, force: true })
  }
}
