import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memberCount, memberExists, runLoadMix } from './support/load-mix.js'
import { startMock, type MockProcess } from './support/spawn-mock.js'

// Load, short form (the full form is bench/load-mix.ts: 1,000 connections for 60 s).
// Its own krs-mock process, so the other files' server is not starved.
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200)
const SECONDS = Number(process.env.LOAD_SECONDS ?? 5)

let mock: MockProcess
beforeAll(async () => {
  mock = await startMock(['--members', '100'])
})
afterAll(async () => {
  expect(await mock.stop('SIGTERM')).toBe(0)
})

describe(`load: ${CONNECTIONS} keep-alive connections for ${SECONDS} s, reads and writes`, () => {
  it('no errors, no non-2xx, no lost writes', { timeout: 120_000 }, async () => {
    const before = await memberCount(mock.url, 'krs-all')
    const r = await runLoadMix({
      url: mock.url,
      token: 'krs-all',
      connections: CONNECTIONS,
      durationS: SECONDS,
      tag: 'short',
    })
    console.info(
      `[load] ${r.requests} requests, ${Math.round(r.rps)} req/s, p99 ${r.latencyP99} ms, ${r.acknowledgedWrites} writes`,
    )
    expect({ errors: r.errors, timeouts: r.timeouts, non2xx: r.non2xx }).toEqual({ errors: 0, timeouts: 0, non2xx: 0 })
    expect(r.acknowledgedWrites).toBeGreaterThan(0)
    // Every acknowledged write is there; writes still in flight when autocannon stopped may
    // have landed too (sent, answered after the end), but nothing beyond what was sent.
    const after = await memberCount(mock.url, 'krs-all')
    expect(after).toBeGreaterThanOrEqual(before + r.acknowledgedWrites)
    expect(after).toBeLessThanOrEqual(before + r.sentWrites)
    const sample = r.acknowledgedEmails.filter((_, i) => i % Math.ceil(r.acknowledgedEmails.length / 100) === 0)
    for (const email of sample) expect(await memberExists(mock.url, 'krs-all', email), email).toBe(true)
  })
})
