/**
 * krs-mcp against stand-in targets that record what reaches them: a stop that stops,
 * answers of the wrong shape, JSON-RPC errors as the specification gives them, and the
 * HTTP mode's bearer token.
 */
import { spawn } from 'node:child_process'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, describe, expect, it } from 'vitest'
import { callTool, cleanEnv, connect, krsMcpBin } from './support.js'

const token = 'stand-in-token-4d2c'
const stands: Server[] = []
afterAll(async () => {
  for (const s of stands) await new Promise<void>((r) => s.close(() => r()))
})

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** A stand-in target; `answer` gets the operation name (or admin path) and the request count of that name. */
async function standIn(
  answer: (name: string, n: number, res: ServerResponse, req: IncomingMessage) => unknown,
): Promise<{ base: string; received: string[] }> {
  const received: string[] = []
  const counts = new Map<string, number>()
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] as string
      const name = path.startsWith('/__mock/') ? path : (path.split('/').pop() ?? '')
      received.push(name)
      counts.set(name, (counts.get(name) ?? 0) + 1)
      void answer(name, counts.get(name) as number, res, req)
    })
  })
  stands.push(server)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received }
}

const json = (res: ServerResponse, value: unknown, headers: Record<string, string> = {}) => {
  if (!res.writableEnded)
    res.writeHead(200, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value))
}
const emulator = { 'x-krs-emulator': 'krs-mock' }

describe('a stop that stops', () => {
  it('never sends a write that was not yet sent when the call was cancelled', async () => {
    // Not the emulator at start; asked again before the write, it holds its answer (as the
    // emulator) until the test lets it go, after the call was cancelled.
    let release: () => void = () => undefined
    const held = new Promise<void>((r) => (release = r))
    const t = await standIn(async (name, n, res) => {
      if (name === 'get_version') {
        if (n === 2) await held
        return json(res, { version: '202509', build: 1 }, n === 1 ? {} : emulator)
      }
      return json(res, 4242, emulator)
    })
    const c = await connect(['--allow-writes'], { KRS_BASE_URL: t.base, KRS_API_TOKEN: token })
    try {
      const stop = new AbortController()
      const call = c.client.callTool(
        { name: 'krs_call', arguments: { operation: 'add_member', body: { member_table_id: 1, member_info: {} } } },
        undefined,
        { signal: stop.signal },
      )
      for (let i = 0; i < 200 && t.received.filter((n) => n === 'get_version').length < 2; i++) await sleep(25)
      stop.abort()
      await expect(call).rejects.toThrow()
      await sleep(1_000)
      release()
      // A later call answers after the cancelled one went on (or did not).
      const after = await callTool(c, 'krs_call', { operation: 'get_member_tables', body: {} })
      expect(after.isError, after.text).toBe(false)
      expect(t.received).toContain('get_member_tables')
      expect(t.received).not.toContain('add_member')
    } finally {
      await c.close()
    }
  })

  it('stops polling an export at once and downloads nothing after the stop', async () => {
    const t = await standIn((name, _n, res) => {
      if (name === 'get_version') return json(res, { version: '202509', build: 1 }, emulator)
      if (name === '/__mock/clock') return json(res, { now: 1_780_000_000, mode: 'real' }, emulator)
      if (name === 'get_batch_job_status') return json(res, { progress: 10 }, emulator)
      return json(res, 'id\n1\n', emulator)
    })
    const c = await connect([], { KRS_BASE_URL: t.base, KRS_API_TOKEN: token })
    try {
      const stop = new AbortController()
      const call = c.client.callTool(
        { name: 'krs_export_members', arguments: { batch_job_id: 7, wait_seconds: 60 } },
        undefined,
        { signal: stop.signal },
      )
      for (let i = 0; i < 100 && !t.received.includes('get_batch_job_status'); i++) await sleep(50)
      expect(t.received).toContain('get_batch_job_status')
      stop.abort()
      await expect(call).rejects.toThrow()
      await sleep(100)
      const atStop = t.received.length
      await sleep(1_500)
      expect(t.received.slice(atStop)).toEqual([])
      expect(t.received).not.toContain('get_batch_job_result')
    } finally {
      await c.close()
    }
  })
})

describe('answers of the wrong shape', () => {
  it('says which operation answered an unexpected shape, not a JavaScript error', async () => {
    const t = await standIn((name, _n, res) => {
      if (name === 'get_members_num_by_oneshot_condition') return json(res, 3)
      if (name === 'get_member_infos_by_oneshot_condition') return json(res, 1)
      return json(res, { version: '202509', build: 1 })
    })
    const c = await connect([], { KRS_BASE_URL: t.base, KRS_API_TOKEN: token })
    try {
      const r = await callTool(c, 'krs_find_members', {
        member_table_id: 1,
        condition_info: { grouping: true, conditions: { id: [1, {}] } },
      })
      expect(r.isError).toBe(true)
      expect(r.text).toContain('unexpected answer shape from get_member_infos_by_oneshot_condition')
      expect(r.text).not.toMatch(/Spread syntax|iterable/)
    } finally {
      await c.close()
    }
  })
})

describe('JSON-RPC errors on the stdio wire', () => {
  it('answers −32700, −32600, −32602 (unknown tool) and −32002 (unknown resource)', async () => {
    const child = spawn(process.execPath, [krsMcpBin], {
      env: cleanEnv({ KRS_BASE_URL: 'http://127.0.0.1:9' }),
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    try {
      let out = ''
      child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')))
      const answers = () =>
        out
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as { id: unknown; error?: { code: number; message: string } })
      const waitFor = async (n: number) => {
        for (let i = 0; i < 400 && answers().length < n; i++) await sleep(25)
        expect(answers().length, out).toBeGreaterThanOrEqual(n)
      }
      const send = (line: string) => child.stdin.write(`${line}\n`)
      send(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
        }),
      )
      await waitFor(1)
      send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }))
      send('{"jsonrpc": "2.0", "id": 2, "method": "ping"') // cut short
      send(JSON.stringify({ id: 3, method: 'ping' })) // no jsonrpc
      send(JSON.stringify({ jsonrpc: '2.0', id: 4 })) // no method
      send(JSON.stringify([{ jsonrpc: '2.0', id: 5, method: 'ping' }])) // a batch
      send(JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'nope', arguments: {} } }))
      send(
        JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'resources/read', params: { uri: 'krs://operations/nope' } }),
      )
      send(JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'ping' }))
      await waitFor(8)
      // Answers to requests come in any order; those without an id in the order sent.
      const byId = (id: number) => answers().find((a) => a.id === id)
      const [parse, batch] = answers().filter((a) => a.id === null)
      const [noJsonrpc, noMethod, tool, resource, ping] = [3, 4, 6, 7, 8].map(byId)
      expect(parse).toMatchObject({ id: null, error: { code: -32700 } })
      expect(noJsonrpc).toMatchObject({ id: 3, error: { code: -32600 } })
      expect(noMethod).toMatchObject({ id: 4, error: { code: -32600 } })
      expect(batch).toMatchObject({ id: null, error: { code: -32600 } })
      expect(tool).toMatchObject({ id: 6, error: { code: -32602 } })
      expect(tool?.error?.message).toContain('unknown tool "nope"')
      expect(resource).toMatchObject({ id: 7, error: { code: -32002 } })
      expect(ping).toMatchObject({ id: 8, result: {} })
    } finally {
      child.kill()
    }
  })
})

describe('Streamable HTTP needs a bearer token', () => {
  it('refuses a request without the token printed at start, and serves one with it', async () => {
    const child = spawn(process.execPath, [krsMcpBin, '--http', '0'], {
      env: cleanEnv({ KRS_BASE_URL: 'http://127.0.0.1:9' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    try {
      let err = ''
      const { url, bearer } = await new Promise<{ url: string; bearer: string }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no listening line:\n${err}`)), 20_000)
        child.stderr.on('data', (d: Buffer) => {
          err += d.toString('utf8')
          const u = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err)
          const b = /HTTP token \(send Authorization: Bearer <token>\): (\S+)/.exec(err)
          if (u && b) {
            clearTimeout(timer)
            resolve({ url: u[1] as string, bearer: b[1] as string })
          }
        })
      })
      const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' }
      const post = (auth?: string) =>
        fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            ...(auth ? { authorization: auth } : {}),
          },
          body: JSON.stringify(list),
        })
      expect((await post()).status).toBe(401)
      expect((await post('Bearer wrong-token-of-some-length')).status).toBe(401)
      const client = new Client({ name: 'http-test', version: '0' })
      await client.connect(
        new StreamableHTTPClientTransport(new URL(url), {
          requestInit: { headers: { authorization: `Bearer ${bearer}` } },
        }),
      )
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('krs_call')
      await client.close()
    } finally {
      child.kill()
    }
  })
})
