import { execFile } from 'node:child_process'
import http from 'node:http'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { createEngine, MAX_BODY_BYTES } from '../../src/index.js'
import type { Engine } from '../../src/kernel/create-engine.js'
import { startNodeServer, type RunningServer } from '../../src/node/index.js'
import { answerOf } from '../support/answer-of.js'
import { writeBytes } from '@krs-kit/cross-tests/support/write-bytes'

// The refusals of http-refusals.test.ts with bodies of tens of MB: seconds each, so they run
// in the slow suite.

let server: RunningServer | null = null
afterEach(async () => {
  await server?.close()
  server = null
})

interface Answer {
  status: number
  body: string
}

const MB = 1024 * 1024
const run = promisify(execFile)

/** POST `size` spaces (one shared 1 MB buffer, written again and again) and read the answer. */
function postBytes(url: string, op: string, size: number, headers: Record<string, string>): Promise<Answer> {
  const piece = Buffer.alloc(Math.min(size, 1 << 20), 0x20)
  const req = http.request(`${url}/api/v1/${op}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': String(size), ...headers },
  })
  const answer = answerOf(req)
  writeBytes(req, size, piece)
  return answer
}

describe('cheap refusals first', () => {
  it('reads and drops a body sent with an unknown token: 5 × 59 MB leave memory and the journal bounded', async () => {
    const engine: Engine = createEngine()
    server = await startNodeServer(engine, { port: 0 })
    global.gc?.()
    const before = process.memoryUsage().rss
    let peak = before
    const watch = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss)
    }, 20)
    try {
      for (let i = 0; i < 5; i++) {
        const r = await postBytes(server.url, 'get_member_info', 59 * MB, { authorization: 'Bearer nope' })
        expect(r.status).toBe(401)
        expect(JSON.parse(r.body).error?.code ?? r.body).toContain('F1001')
      }
    } finally {
      clearInterval(watch)
    }
    peak = Math.max(peak, process.memoryUsage().rss)
    // The old door kept each 59 MB body (read whole, parsed, and held by its journal entry).
    expect((peak - before) / MB).toBeLessThan(100)
    const entries = engine.defaultTenant.journal.list()
    expect(entries.length).toBe(5)
    for (const e of entries) expect(e.requestText).toBe('')
  }, 60_000)
})

describe('413 readable by fetch', () => {
  it('a fetch of 60 MB + 1 KB receives the 413, not a reset', async () => {
    server = await startNodeServer(createEngine(), { port: 0 })
    // The client runs in another process: in one process the reset raced less often.
    const client = `
      const body = Buffer.alloc(${MAX_BODY_BYTES + 1024}, 32)
      const seen = []
      for (let i = 0; i < 5; i++) {
        try {
          const r = await fetch(process.argv[1], { method: 'POST', headers: { 'content-type': 'application/json' }, body })
          seen.push(r.status + ' ' + (await r.text()).includes('KRSKIT_PAYLOAD_TOO_LARGE'))
        } catch (e) {
          seen.push(String(e.cause?.code ?? e))
        }
      }
      console.log(JSON.stringify(seen))`
    const { stdout } = await run(process.execPath, [
      '--input-type=module',
      '-e',
      client,
      `${server.url}/api/v1/get_version`,
    ])
    expect(JSON.parse(stdout)).toEqual(Array(5).fill('413 true'))
  }, 60_000)
})
