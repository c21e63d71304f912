import { describe, expect, it } from 'vitest'
import { cleanShutdownOnce, crashOnce } from './support/crash-run.js'

// Crash, short form (the full form, with several kills at random moments, is bench/crash-restart.ts).
// krs-mock with --data-dir saves the state atomically every 3 s when it changed and on shutdown.
describe('crash and restart with --data-dir', () => {
  it('SIGKILL during steady writes: the restart loads the last complete snapshot, never a torn file', { timeout: 120_000 }, async () => {
    const o = await crashOnce(Number(process.env.CRASH_SECONDS ?? 4.5), 'short')
    console.info(`[crash] acknowledged ${o.acknowledged}, in file ${o.inFile}, restored ${o.restored}`)
    expect(o.restoredEqualsFile, 'restored state = the state file on disk').toBe(true)
    expect(o.restored).toBe(o.inFile)
    expect(o.restored).toBeLessThanOrEqual(o.acknowledged)
    expect(o.restored, 'at least one autosave happened during the writes').toBeGreaterThan(50)
    expect(o.prefixes, 'each writer’s restored addresses are a prefix of its acknowledged ones').toBe(true)
  })

  it('SIGTERM (clean shutdown) loses nothing', { timeout: 120_000 }, async () => {
    const o = await cleanShutdownOnce(2, 'clean')
    expect(o.missing).toBe(0)
    expect(o.restored).toBe(o.acknowledged)
  })
})
