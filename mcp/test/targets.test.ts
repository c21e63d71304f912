/**
 * krs-mcp against a server that is not the emulator (a stand-in for the real service that
 * records what reaches it), on the raw stdio wire, and over Streamable HTTP.
 */
import { spawn, spawnSync } from 'node:child_process'
import { createServer, type IncomingMessage, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callTool, cleanEnv, connect, krsMcpBin } from './support.js'

const token = 'prod-secret-7f3e9a'
let service: Server
let base: string
/** Operations that reached the stand-in, in order. */
const received: string[] = []

const body = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    let text = ''
    req.on('data', (d: Buffer) => (text += d.toString('utf8')))
    req.on('end', () => resolve(text))
  })

beforeAll(async () => {
  // Answers like the service, without X-Krs-Emulator. get_member_info echoes the
  // Authorization header in its error detail, as a careless server might.
  service = createServer(async (req, res) => {
    await body(req)
    const name = (req.url ?? '').split('/').pop() ?? ''
    received.push(name)
    const json = (status: number, value: unknown) =>
      res
        .writeHead(status, { 'content-type': 'application/json', 'x-request-id': `req-${received.length}` })
        .end(JSON.stringify(value))
    if (name === 'get_version') return json(200, { version: '202509', build: 1 })
    if (name === 'get_member_tables') return json(200, [{ id: 1, name: '本番の会員データベース' }])
    if (name === 'add_member') return json(200, 4242)
    return json(403, {
      error_code: 'KR_API_F0003',
      error_desc: 'Operation Not Permitted.',
      message: `denied for ${req.headers.authorization}`,
    })
  })
  await new Promise<void>((r) => service.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(service.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((r) => service.close(() => r())))

const env = () => ({ KRS_BASE_URL: base, KRS_API_TOKEN: token })
const add = { member_table_id: 1, member_info: { e_4: 'a@example.com' } }

describe('a target that is not the emulator', () => {
  it('gets no emulator tools, and --allow-writes alone does not write to it', async () => {
    const c = await connect(['--allow-writes'], env())
    try {
      const names = (await c.client.listTools()).tools.map((t) => t.name)
      expect(names).not.toContain('emulator_advance_clock')
      expect(names.filter((n) => n.startsWith('emulator_'))).toEqual([])
      expect(names).toContain('krs_call')
      const before = received.length
      const r = await callTool(c, 'krs_call', { operation: 'add_member', body: add })
      expect(r.isError).toBe(true)
      expect(r.text).toContain('not the krs-kit emulator')
      expect(r.text).toContain('--i-understand-this-is-production')
      // Asked again whether it is the emulator (get_version), nothing written.
      expect(received.slice(before).filter((n) => n !== 'get_version')).toEqual([])
    } finally {
      await c.close()
    }
  })

  it('writes with --allow-writes --i-understand-this-is-production', async () => {
    const c = await connect(['--allow-writes', '--i-understand-this-is-production'], env())
    try {
      const r = await callTool(c, 'krs_call', { operation: 'add_member', body: add })
      expect(r).toEqual({ text: '4242', isError: false })
      expect(received.at(-1)).toBe('add_member')
    } finally {
      await c.close()
    }
  })

  it('starts against a target that does not answer, and says why a call failed', async () => {
    const closed = createServer()
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((r) => closed.close(() => r()))
    const c = await connect([], { KRS_BASE_URL: `http://127.0.0.1:${port}`, KRS_API_TOKEN: token })
    try {
      const names = (await c.client.listTools()).tools.map((t) => t.name)
      expect(names).toHaveLength(6)
      const r = await callTool(c, 'krs_call', { operation: 'get_member_tables' })
      expect(r.isError).toBe(true)
      expect(r.text).toMatch(/^get_member_tables failed: KrsNetworkError/)
      expect(r.text + c.stderr()).not.toContain(token)
    } finally {
      await c.close()
    }
  })

  it('refuses the production flag without --allow-writes (exit 2)', () => {
    const r = spawnSync(process.execPath, [krsMcpBin, '--i-understand-this-is-production'], {
      env: cleanEnv(env()),
      encoding: 'utf8',
    })
    expect(r.status).toBe(2)
    expect(r.stderr).toContain('only makes sense with --allow-writes')
  })
})

describe('on the stdio wire', () => {
  it('writes Japanese as UTF-8, not escaped, and never the token, even when the server echoes it', async () => {
    const child = spawn(process.execPath, [krsMcpBin], { env: cleanEnv(env()), stdio: ['pipe', 'pipe', 'pipe'] })
    const out: Buffer[] = []
    let err = ''
    child.stdout.on('data', (d: Buffer) => out.push(d))
    child.stderr.on('data', (d: Buffer) => (err += d.toString('utf8')))
    const send = (m: object) => child.stdin.write(`${JSON.stringify(m)}\n`)
    const lines = () => Buffer.concat(out).toString('utf8').split('\n').filter(Boolean)
    const waitFor = async (n: number) => {
      for (let i = 0; i < 200 && lines().length < n; i++) await new Promise((r) => setTimeout(r, 25))
      expect(lines().length).toBeGreaterThanOrEqual(n)
    }
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
    })
    await waitFor(1)
    send({ jsonrpc: '2.0', method: 'notifications/initialized' })
    const call = (id: number, operation: string, args: object) =>
      send({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'krs_call', arguments: { operation, body: args } },
      })
    call(2, 'get_member_tables', {})
    call(3, 'get_member_info', { member_table_id: 1, member_id: 1 })
    await waitFor(3)
    child.kill()
    const wire = Buffer.concat(out)
    expect(wire.includes(Buffer.from('本番の会員データベース', 'utf8'))).toBe(true)
    expect(wire.toString('utf8')).not.toMatch(/\\\\u[0-9a-f]{4}/i)
    const refused = JSON.parse(lines().find((l) => l.includes('"id":3')) as string) as {
      result: { isError: boolean; content: { text: string }[] }
    }
    expect(refused.result.isError).toBe(true)
    expect(refused.result.content[0]?.text).toContain('KR_API_F0003 Operation Not Permitted.')
    expect(refused.result.content[0]?.text).toContain('Bearer ***')
    expect(wire.toString('utf8')).not.toContain(token)
    expect(err).toContain(`target ${base}`)
    expect(err).not.toContain(token)
  })
})

describe('Streamable HTTP (--http)', () => {
  it('serves on 127.0.0.1, answers an MCP client, and refuses a foreign Host or Origin', async () => {
    const bearer = 'http-test-token-8f2a61c4'
    const child = spawn(process.execPath, [krsMcpBin, '--http', '0', '--http-token', bearer], {
      env: cleanEnv(env()),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    try {
      let err = ''
      const url = await new Promise<string>((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`no listening line:\n${err}`)), 20_000)
        child.stderr.on('data', (d: Buffer) => {
          err += d.toString('utf8')
          const m = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err)
          if (m) {
            clearTimeout(t)
            resolve(m[1] as string)
          }
        })
      })
      const client = new Client({ name: 'http-test', version: '0' })
      await client.connect(
        new StreamableHTTPClientTransport(new URL(url), {
          requestInit: { headers: { authorization: `Bearer ${bearer}` } },
        }),
      )
      const names = (await client.listTools()).tools.map((t) => t.name)
      expect(names).toContain('krs_describe_operation')
      const r = (await client.callTool({ name: 'krs_call', arguments: { operation: 'get_member_tables' } })) as {
        content: { text: string }[]
      }
      expect(JSON.parse(r.content[0]?.text as string)).toEqual([{ id: 1, name: '本番の会員データベース' }])
      await client.close()
      // fetch cannot set Host; node:http can.
      const post = (headers: Record<string, string>) =>
        new Promise<number | undefined>((resolve, reject) => {
          const req = request(url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'application/json, text/event-stream',
              authorization: `Bearer ${bearer}`,
              ...headers,
            },
          })
          req.on('response', (res) => {
            res.resume()
            resolve(res.statusCode)
          })
          req.on('error', reject)
          req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }))
        })
      expect(await post({ host: 'rebound.example' })).toBe(403)
      expect(await post({ origin: 'https://page.example' })).toBe(403)
      expect(await post({ origin: url.replace(/\/mcp$/, '') })).toBe(200)
    } finally {
      child.kill()
    }
  })
})
