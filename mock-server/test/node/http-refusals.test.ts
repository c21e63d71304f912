import net from 'node:net'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { afterEach, describe, expect, it } from 'vitest'
import { createEngine } from '../../src/index.js'
import { startNodeServer, type RunningServer } from '../../src/node/index.js'

let server: RunningServer | null = null
afterEach(async () => {
  await server?.close()
  server = null
})

interface Answer {
  status: number
  body: string
}

/** `{"pad":[{},{},…]}` of exactly `size` bytes (spaces fill the rest). */
function hostileBody(size: number): Buffer {
  const head = '{"pad":['
  const n = Math.floor((size - head.length - 2) / 3)
  const text = `${head}${'{},'.repeat(n - 1)}{}]}`
  return Buffer.concat([Buffer.from(text), Buffer.alloc(size - text.length, 0x20)])
}

function post(
  url: string,
  op: string,
  body: string | Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return fetch(`${url}/api/v1/${op}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  }).then(async (r) => ({ status: r.status, body: await r.text() }))
}

const MB = 1024 * 1024

describe('cheap refusals first', () => {
  it('refuses a body of millions of tiny objects unparsed, without stalling the event loop', async () => {
    server = await startNodeServer(createEngine(), { port: 0 })
    const body = new Uint8Array(hostileBody(9 * MB))
    // The server runs in this process: the longest stall of its event loop is what every
    // other client would wait (JSON.parse of these 3,000,000 objects took seconds). The goal
    // (under 1 s) leaves room for a loaded machine.
    const loop = monitorEventLoopDelay({ resolution: 10 })
    loop.enable()
    // add_member: its body is not bounded by the contract (get_version's is: 413 from Content-Length)
    const answer = await post(server.url, 'add_member', body, { authorization: 'Bearer krs-all' })
    loop.disable()
    expect(loop.max / 1e6).toBeLessThan(1000)
    expect((await post(server.url, 'get_version', '{}')).status).toBe(200)
    expect(answer.status).toBe(400)
    expect(answer.body).toContain('KR_API_F0004')
    expect(answer.body).toContain('objects and arrays')
  }, 60_000)

  it('checks the body shape in every door: deep nesting is refused before JSON.parse', async () => {
    const engine = createEngine()
    const r = await engine.handle(
      new Request('http://krs.test/api/v1/get_version', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `${'['.repeat(100)}${']'.repeat(100)}`,
      }),
    )
    expect(r.status).toBe(400)
    expect(await r.text()).toContain('deeper than 64')
  })

  it('refuses a wrong Content-Type and an unknown token without reading the body', async () => {
    const engine = createEngine()
    server = await startNodeServer(engine, { port: 0 })
    // Declares 1 MB and sends none of it: only a refusal made before the body is read is
    // journaled (the answer itself waits until the body is read and dropped).
    const socket = net.connect(server.port, '127.0.0.1', () =>
      socket.write(
        `POST /api/v1/get_member_info HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nAuthorization: Bearer nope\r\nContent-Length: ${MB}\r\n\r\n`,
      ),
    )
    socket.on('error', () => {})
    try {
      await expect
        .poll(() => engine.defaultTenant.journal.list().map((e) => e.errorCode), { timeout: 3000 })
        .toEqual(['KRSKIT_UNSUPPORTED_MEDIA_TYPE'])
    } finally {
      socket.destroy()
    }
  })

  it('keeps at most 64 KB of a body in the journal, with its full size and sha256, and a bounded total', async () => {
    const engine = createEngine()
    server = await startNodeServer(engine, { port: 0 })
    const big = JSON.stringify({ member_table_id: 1, pad: 'x'.repeat(2 * MB) })
    const r = await post(server.url, 'add_member', big, { authorization: 'Bearer krs-all' })
    expect(r.status).toBe(400)
    const [entry] = engine.defaultTenant.journal.list()
    expect(entry!.requestText.length).toBe(64 * 1024)
    expect(entry!.requestLength).toBe(big.length)
    const { createHash } = await import('node:crypto')
    expect(entry!.requestSha256).toBe(createHash('sha256').update(big).digest('hex'))
    const shown = await (await fetch(`${server.url}/__mock/journal`)).json()
    expect(JSON.stringify(shown)).toContain(entry!.requestSha256!)
    for (let i = 0; i < 300; i++) engine.defaultTenant.journal.push({ ...entry!, id: `x${i}` })
    expect(engine.defaultTenant.journal.textSize).toBeLessThanOrEqual(16 * MB)
  }, 30_000)
})

/** Write `text` in one TCP write and collect everything until the server closes (or `ms`). */
/**
 * Writes `text` on a new connection; resolves with what came back once the server closes it,
 * `until` holds for what came so far, or `ms` passed (a guard against a hang, not a window the
 * answer must fit in: a loaded machine answers late).
 */
function rawExchange(port: number, text: string, ms = 10_000, until?: (got: string) => boolean): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text))
    let got = ''
    const done = (): void => {
      clearTimeout(guard)
      socket.destroy()
      resolve(got)
    }
    socket.on('data', (d) => {
      got += d.toString()
      if (until?.(got)) done()
    })
    socket.on('close', done)
    socket.on('error', done)
    const guard = setTimeout(done, ms)
  })
}

/** The status lines of the HTTP answers in `got`. */
const statusesOf = (got: string): string[] => [...got.matchAll(/HTTP\/1\.[01] (\d{3})/g)].map((m) => m[1] as string)

const addMember = (email: string, version = '1.1', extra = ''): string => {
  const body = JSON.stringify({ member_table_id: 1, member_info: { e_4: email, e_5: 'abcd1234', e_6: '順番 太郎' } })
  return (
    `POST /api/v1/add_member HTTP/${version}\r\nHost: 127.0.0.1\r\nAuthorization: Bearer krs-all\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extra}\r\n${body}`
  )
}

describe('pipelining', () => {
  it('a valid request followed by garbage in one write is answered first, then the 400', async () => {
    const engine = createEngine()
    server = await startNodeServer(engine, { port: 0 })
    const got = await rawExchange(server.port, `${addMember('pipe1@example.com')}GARBAGE \x01\r\n\r\n`)
    const statuses = [...got.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => m[1])
    expect(statuses).toEqual(['200', '400'])
  })

  it('two valid requests and garbage in one write: both answers in order, then the 400', async () => {
    const engine = createEngine()
    server = await startNodeServer(engine, { port: 0 })
    const got = await rawExchange(
      server.port,
      `${addMember('pipe2@example.com')}${addMember('pipe3@example.com')}GARBAGE \x01\r\n\r\n`,
    )
    expect(statusesOf(got)).toEqual(['200', '200', '400'])
  })

  it('garbage sent after an answer was written on the connection: the 400 follows at once, after it', async () => {
    const engine = createEngine()
    server = await startNodeServer(engine, { port: 0 })
    const got = await new Promise<string>((resolve) => {
      const socket = net.connect(server!.port, '127.0.0.1', () => socket.write(addMember('pipe4@example.com')))
      let text = ''
      let sentGarbage = false
      socket.on('data', (d) => {
        text += d.toString()
        // the first answer is in, whole: its socket no longer waits for it, the 400 comes next
        const answer = /content-length: (\d+)\r\n[\s\S]*?\r\n\r\n([\s\S]*)$/i.exec(text)
        if (!sentGarbage && answer && Buffer.byteLength(answer[2]!) >= Number(answer[1])) {
          sentGarbage = true
          socket.write('GARBAGE \x01\r\n\r\n')
        }
      })
      socket.on('close', () => resolve(text))
      socket.on('error', () => resolve(text))
      setTimeout(() => socket.destroy(), 5_000)
    })
    expect(statusesOf(got)).toEqual(['200', '400'])
  })

  it('no request pipelined over HTTP/1.0 keep-alive is executed without an answer', async () => {
    const engine = createEngine()
    server = await startNodeServer(engine, { port: 0 })
    const before = engine.defaultTenant.journal.list().length
    const got = await rawExchange(
      server.port,
      addMember('ka1@example.com', '1.0', 'Connection: keep-alive\r\n') +
        addMember('ka2@example.com', '1.0', 'Connection: keep-alive\r\n'),
      // keep-alive: the server keeps the connection; both answered ends the wait
      10_000,
      (text) => statusesOf(text).length === 2,
    )
    const answered = statusesOf(got).length
    const executed = engine.defaultTenant.journal.list().length - before
    expect(answered).toBeGreaterThanOrEqual(1)
    expect(executed).toBe(answered)
  })

  it('a request pipelined behind an HTTP/1.0 request without keep-alive is not executed', async () => {
    const engine = createEngine()
    server = await startNodeServer(engine, { port: 0 })
    const got = await rawExchange(
      server.port,
      addMember('c1@example.com', '1.0') + addMember('c2@example.com', '1.0'),
      10_000, // the server closes after its answer
    )
    expect(statusesOf(got)).toHaveLength(1)
    expect(engine.defaultTenant.journal.list().length).toBe(1)
  })
})

describe('body timeouts', () => {
  it('a body dribbled one byte at a time is cut like dribbled headers', async () => {
    server = await startNodeServer(createEngine(), { port: 0, requestTimeoutMs: 1000, timeoutCheckMs: 200 })
    const started = performance.now()
    const got = await new Promise<string>((resolve) => {
      const socket = net.connect(server!.port, '127.0.0.1', () => {
        socket.write(
          'POST /api/v1/get_version HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
        )
      })
      let text = ''
      const drip = setInterval(() => socket.write(' '), 300)
      socket.on('data', (d) => {
        text += d.toString()
      })
      const done = (): void => {
        clearInterval(drip)
        resolve(text)
      }
      socket.on('close', done)
      socket.on('error', done)
      setTimeout(() => {
        socket.destroy()
        done()
      }, 6000)
    })
    expect(performance.now() - started).toBeLessThan(4000)
    expect(got).toMatch(/^HTTP\/1\.1 408/)
  }, 10_000)
})
