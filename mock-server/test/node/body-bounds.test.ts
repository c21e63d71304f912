import http from 'node:http'
import { operations } from '@krs-kit/contract/operations'
import { afterEach, describe, expect, it } from 'vitest'
import { createEngine } from '../../src/index.js'
import { bodyByteBound, WHITESPACE_ALLOWANCE } from '../../src/node/body-bound.js'
import { startNodeServer, type RunningServer } from '../../src/node/index.js'
import { type LargeBodyParser, workerBodyParser } from '../../src/node/json-worker.js'

let server: RunningServer | null = null
afterEach(async () => {
  await server?.close()
  server = null
})

const MB = 1024 * 1024
const AUTH = { authorization: 'Bearer krs-all' }

function post(url: string, op: string, body: string | Buffer, headers: Record<string, string> = {}) {
  return fetch(`${url}/api/v1/${op}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  }).then(async (r) => ({ status: r.status, body: await r.text() }))
}

describe('the body bound of an operation, from its request schema', () => {
  it('counts escapes, numbers and whitespace as documented, and leaves open schemas to the door bound', () => {
    const ceiling = 60 * MB
    const closed = {
      type: 'object',
      additionalProperties: false,
      properties: { a: { type: 'string', maxLength: 10 }, n: { type: 'integer' }, k: { enum: ['xy', 3] } },
    }
    // {} + "a":<2+12·10> + "n":<32> + "k":<the larger of "xy" (2+12·2) and 3 (32)>, keys escaped
    const compact = 2 + (2 + 12 + 1 + 122 + 1) + (2 + 12 + 1 + 32 + 1) + (2 + 12 + 1 + 32 + 1)
    expect(bodyByteBound(closed, ceiling)).toBe(2 * compact + WHITESPACE_ALLOWANCE)
    const list = { type: 'array', maxItems: 3, items: { type: 'boolean' } }
    expect(bodyByteBound(list, ceiling)).toBe(2 * (2 + 3 * 6) + WHITESPACE_ALLOWANCE)
    expect(bodyByteBound({ type: 'string' }, ceiling)).toBe(ceiling)
    expect(bodyByteBound({ type: 'object', patternProperties: { '^e_': {} } }, ceiling)).toBe(ceiling)
    expect(bodyByteBound({ type: 'array', items: { type: 'integer' } }, ceiling)).toBe(ceiling)
  })

  it('no example of an operation request is over its bound, spelt with every character escaped', () => {
    for (const [name, info] of Object.entries(operations)) {
      const bound = bodyByteBound(info.requestSchema, Number.POSITIVE_INFINITY)
      const examples = ((info.requestSchema as { examples?: unknown[] }).examples ?? []) as unknown[]
      for (const ex of examples) {
        const escaped = JSON.stringify(ex, null, 8).replace(
          /[\u0080-\uffff]/g,
          (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
        )
        expect(Buffer.byteLength(escaped), name).toBeLessThanOrEqual(bound)
      }
    }
  })
})

describe('413 before parsing for a body over its operation bound', () => {
  it('from Content-Length: get_member_info with 1 MB is refused with the documented error', async () => {
    server = await startNodeServer(createEngine(), { port: 0 })
    const body = JSON.stringify({ member_table_id: 1, member_id: 1, pad: 'x'.repeat(MB) })
    const r = await post(server.url, 'get_member_info', body, AUTH)
    expect(r.status).toBe(413)
    const json = JSON.parse(r.body)
    expect(json.error_code).toBe('KRSKIT_PAYLOAD_TOO_LARGE')
    expect(json.message).toMatch(/get_member_info must be at most \d+ bytes/)
    // the connection and the server still serve
    expect((await post(server.url, 'get_version', '{}')).status).toBe(200)
  })

  it('while reading a chunked body: answered as soon as it passes the bound, before its end', async () => {
    server = await startNodeServer(createEngine(), { port: 0 })
    const url = new URL(`${server.url}/api/v1/get_version`)
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json' } })
      req.on('response', (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
        req.destroy()
      })
      req.on('error', reject)
      // never ended: only a refusal while reading can answer it
      req.write('{"pad":"')
      const piece = 'x'.repeat(16 * 1024)
      let sent = 0
      const more = (): void => {
        if (req.destroyed || sent > 8 * MB) return
        sent += piece.length
        if (req.write(piece)) setImmediate(more)
        else req.once('drain', more)
      }
      more()
    })
    expect(status).toBe(413)
  })
})

describe('a large body that may be valid is parsed off the event loop', () => {
  it('other clients are answered while a 16 MB add_member is being parsed', async () => {
    let release!: () => void
    const gate = new Promise<void>((r) => {
      release = r
    })
    let reached!: () => void
    const parsing = new Promise<void>((r) => {
      reached = r
    })
    const real = workerBodyParser()
    // the worker's answer is held until the other client was answered
    const parser: LargeBodyParser = {
      begin() {
        const p = real.begin()
        return {
          push: (c) => p.push(c),
          drop: () => p.drop(),
          finish: async () => {
            reached()
            await gate
            return p.finish()
          },
        }
      },
    }
    server = await startNodeServer(createEngine(), { port: 0, largeBody: { parser } })
    const body = JSON.stringify({
      member_table_id: 1,
      member_info: { e_4: 'big@example.com', e_5: 'pass1234', e_6: 'y'.repeat(16 * MB) },
    })
    let bigAnswered = false
    const big = post(server.url, 'add_member', body, AUTH).then((r) => {
      bigAnswered = true
      return r
    })
    await parsing
    expect((await post(server.url, 'get_version', '{}')).status).toBe(200)
    expect(bigAnswered).toBe(false)
    release()
    const r = await big
    expect(r.status).toBe(400)
    expect(r.body).toContain('KR_API_F0116')
  }, 60_000)

  it('answers a large body as the small-body path does: valid, not JSON, not UTF-8', async () => {
    const engine = createEngine()
    server = await startNodeServer(engine, { port: 0 })
    const text = `e_4,e_5\n${'a@example.com,pass1234\n'.repeat(100_000)}`
    const ok = await post(
      server.url,
      'upload_stored_files',
      JSON.stringify({ file_name: 'big.csv', body: Buffer.from(text).toString('base64') }),
      AUTH,
    )
    expect(ok.status).toBe(200)
    expect(Number(ok.body)).toBeGreaterThan(0)
    const broken = `{"file_name":"a.csv","body":"${'x'.repeat(2 * MB)}"`
    const inline = await post(server.url, 'upload_stored_files', broken.slice(-1000), AUTH)
    const notJson = await post(server.url, 'upload_stored_files', broken, AUTH)
    expect(notJson.status).toBe(400)
    expect(JSON.parse(notJson.body).error_code).toBe('KR_API_F1004')
    expect(JSON.parse(inline.body).error_code).toBe('KR_API_F1004')
    const bad = Buffer.concat([
      Buffer.from(`{"file_name":"a.csv","body":"${'x'.repeat(2 * MB)}`),
      Buffer.from([0xff, 0x22, 0x7d]),
    ])
    const notUtf8 = await post(server.url, 'upload_stored_files', bad, AUTH)
    expect(notUtf8.status).toBe(400)
    expect(notUtf8.body).toContain('not valid UTF-8')
  }, 60_000)
})
