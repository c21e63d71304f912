import http from 'node:http'
import net from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createEngine, type Engine } from '../../src/index.js'
import { startNodeServer, type RunningServer } from '../../src/node/index.js'

let server: RunningServer | null = null
afterEach(async () => {
  await server?.close()
  server = null
})

/**
 * POSTs `body` to `op` on a new connection, the head first and then the body in `pieces`
 * (byte strings), each written after the server has had time to read the one before; resolves
 * with the answer's status and body.
 */
function postInPieces(port: number, op: string, pieces: Buffer[]): Promise<{ status: number; body: string }> {
  const length = pieces.reduce((n, p) => n + p.length, 0)
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.setNoDelay(true)
    let got = Buffer.alloc(0)
    socket.on('data', (c: Buffer) => {
      got = Buffer.concat([got, c])
      const text = got.toString('utf8')
      const headEnd = text.indexOf('\r\n\r\n')
      if (headEnd < 0) return
      const declared = Number(/content-length: (\d+)/i.exec(text.slice(0, headEnd))?.[1])
      const bodyBytes = got.subarray(Buffer.byteLength(text.slice(0, headEnd + 4)))
      if (bodyBytes.length < declared) return
      socket.destroy()
      resolve({ status: Number(text.slice(9, 12)), body: bodyBytes.toString('utf8') })
    })
    socket.on('error', reject)
    socket.on('connect', () => {
      socket.write(
        `POST /api/v1/${op} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
          `Authorization: Bearer krs-all\r\nContent-Length: ${length}\r\n\r\n`,
      )
      let i = 0
      const next = (): void => {
        if (i === pieces.length) return
        socket.write(pieces[i++]!)
        setTimeout(next, 30)
      }
      setTimeout(next, 30)
    })
  })
}

/** `text`'s UTF-8 bytes cut at the given byte offsets. */
function cut(text: string | Buffer, ...at: number[]): Buffer[] {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text
  const pieces: Buffer[] = []
  let from = 0
  for (const to of [...at, bytes.length]) {
    pieces.push(bytes.subarray(from, to))
    from = to
  }
  return pieces
}

async function started(): Promise<{ engine: Engine; port: number }> {
  const engine = createEngine()
  server = await startNodeServer(engine, { port: 0 })
  return { engine, port: server.port }
}

describe('Node door: a body answered alike in one piece or in several', () => {
  it('a valid body: the same answer, and the journal keeps the same text', async () => {
    const { engine, port } = await started()
    const body = JSON.stringify({ member_table_id: 1, member_id: 1 })
    const whole = await postInPieces(port, 'get_member_info', cut(body))
    const split = await postInPieces(port, 'get_member_info', cut(body, 1, 20))
    expect(whole.status).toBe(200)
    expect(split).toEqual(whole)
    const texts = engine.defaultTenant.journal.list().map((e) => e.requestText)
    expect(texts).toEqual([body, body])
  })

  it('a body nested too deep: refused unparsed (F0004) whether the depth is passed in its first piece or a later one', async () => {
    const { engine, port } = await started()
    const deep = `{"member_table_id":${'['.repeat(70)}${']'.repeat(70)}}`
    const answers = [
      await postInPieces(port, 'get_member_info', cut(deep)),
      await postInPieces(port, 'get_member_info', cut(deep, 30)),
      await postInPieces(port, 'get_member_info', cut(deep, 80, 100)),
    ]
    for (const a of answers) {
      expect(a.status).toBe(400)
      const error = JSON.parse(a.body)
      expect(error.error_code).toBe('KR_API_F0004')
      expect(error.error_detail ?? a.body).toContain('nested deeper than 64 levels')
    }
    // an unparsed body is not kept
    expect(engine.defaultTenant.journal.list().map((e) => e.requestText)).toEqual(['', '', ''])
  })

  it('UTF-8: a character cut between two pieces is read whole; bytes that are not UTF-8 are refused (F1004)', async () => {
    const { engine, port } = await started()
    const body = JSON.stringify({ member_table_id: 1, member_id: 1, note: 'あい' })
    const at = Buffer.from(body).indexOf(Buffer.from('あ')) + 1
    const whole = await postInPieces(port, 'get_member_info', cut(body))
    const split = await postInPieces(port, 'get_member_info', cut(body, at))
    expect(split).toEqual(whole)
    expect(engine.defaultTenant.journal.list().map((e) => e.requestText)).toEqual([body, body])
    const bad = Buffer.concat([Buffer.from('{"member_table_id":1,"x":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')])
    for (const pieces of [cut(bad), cut(bad, 27)]) {
      const a = await postInPieces(port, 'get_member_info', pieces)
      expect(a.status).toBe(400)
      expect(JSON.parse(a.body).error_code).toBe('KR_API_F1004')
    }
  })
})

/** POSTs `pieces` to `op` without a Content-Length (chunked), each piece a chunk, a tick apart. */
function postChunked(port: number, op: string, pieces: string[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: `/api/v1/${op}`,
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer krs-all' },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (c: string) => {
          text += c
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
      },
    )
    req.on('error', reject)
    let i = 0
    const next = (): void => {
      if (i === pieces.length) return void req.end()
      req.write(pieces[i++])
      setTimeout(next, 5)
    }
    next()
  })
}

describe('Node door: a body with or without a declared length', () => {
  it('sent chunked (no Content-Length), in pieces: the same answer as with one', async () => {
    const { engine, port } = await started()
    const body = JSON.stringify({ member_table_id: 1, member_id: 1 })
    const declared = await postInPieces(port, 'get_member_info', cut(body, 7))
    const chunked = await postChunked(port, 'get_member_info', [body.slice(0, 7), body.slice(7, 20), body.slice(20)])
    expect(declared.status).toBe(200)
    expect(chunked).toEqual(declared)
    expect(engine.defaultTenant.journal.list().map((e) => e.requestText)).toEqual([body, body])
  })

  it('an empty body declared as such (Content-Length: 0) is answered, not waited for', async () => {
    const { port } = await started()
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/get_member_info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer krs-all', 'content-length': '0' },
    })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error_code: string }).error_code).toBe('KR_API_F1004')
  })
})
