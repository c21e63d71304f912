import { describe, expect, it } from 'vitest'
import { cleanShutdownOnce, crashOnce } from './support/crash-run.js'

// Crash, short form (the full form, with several kills at random moments, is bench/crash-restart.ts).
// krs-mock with --data-dir logs every accepted write (fsynced before the answer) and snapshots
// every 3 s; a restart replays the log over the last snapshot.
describe('crash and restart with --data-dir', () => {
  it('SIGKILL during steady writes: every acknowledged write comes back, no id is issued twice', {
    timeout: 120_000,
  }, async () => {
    const o = await crashOnce(Number(process.env.CRASH_SECONDS ?? 4.5), 'short')
    console.info(
      `[crash] acknowledged ${o.acknowledged}, restored ${o.restored}, lost ${o.lost}, reissued ids ${o.reissuedIds}`,
    )
    expect(o.fileParsed, 'the snapshot on disk is never torn').toBe(true)
    expect(o.acknowledged, 'the writers made progress').toBeGreaterThan(100)
    expect(o.lost, 'acknowledged writes missing or under another id').toBe(0)
    expect(o.restored).toBeGreaterThanOrEqual(o.acknowledged)
    expect(o.reissuedIds).toBe(0)
    expect(o.leftoverTempFiles).toEqual([])
  })

  it('SIGTERM (clean shutdown) loses nothing', { timeout: 120_000 }, async () => {
    const o = await cleanShutdownOnce(2, 'clean')
    expect(o.missing).toBe(0)
    expect(o.restored).toBe(o.acknowledged)
  })
})
