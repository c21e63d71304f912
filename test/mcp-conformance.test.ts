/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance) against
 * `krs-mcp --http`, for the scenarios that apply to a server with krs-mcp's capabilities
 * (tools with listChanged, resources; no prompts, logging, completion, sampling,
 * elicitation, subscriptions or the reference server's test tools). The suite needs
 * Node 22 or later: it runs under the `node` package of that major version from npm,
 * installed with the suite into .tmp/mcp-conformance on the first run. The suite sends no
 * Authorization header, so a small proxy adds krs-mcp's bearer token and passes every
 * other header (a foreign Host or Origin too) through as it came.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type MockProcess, startMock } from './support/spawn-mock.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const dir = join(root, '.tmp', 'mcp-conformance')
const suiteVersion = '0.1.16'
const node22 = join(dir, 'node_modules', '.bin', 'node')
const suite = join(dir, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js')
const krsMcp = join(root, 'mcp', 'bin', 'krs-mcp.js')
const httpToken = 'conformance-run-token-5e1f'

/** The scenarios that apply, each with the checks it must pass. */
const scenarios: Record<string, number> = {
  'server-initialize': 1,
  ping: 1,
  'tools-list': 1,
  'resources-list': 1,
  'dns-rebinding-protection': 2,
}

let mock: MockProcess
let mcp: ReturnType<typeof spawn>
let proxy: Server
let proxyUrl: string

beforeAll(async () => {
  if (!existsSync(suite) || !existsSync(node22)) {
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'package.json'), '{ "name": "mcp-conformance-run", "private": true }\n')
    // Without the npm_* variables of the npm that started vitest (its workspace settings).
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_')))
    const r = spawnSync(
      'npm',
      [
        'install',
        '--prefix',
        dir,
        '--no-audit',
        '--no-fund',
        `@modelcontextprotocol/conformance@${suiteVersion}`,
        'node@22',
      ],
      { cwd: dir, env, encoding: 'utf8', timeout: 300_000 },
    )
    if (r.status !== 0)
      throw new Error(`npm install of the conformance suite failed (${r.status ?? r.error?.message}):\n${r.stderr}`)
  }
  mock = await startMock()
  mcp = spawn(process.execPath, [krsMcp, '--http', '0', '--http-token', httpToken], {
    env: { ...process.env, KRS_BASE_URL: mock.url, KRS_API_TOKEN: 'krs-all' },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  const target = await new Promise<URL>((resolve, reject) => {
    let err = ''
    const timer = setTimeout(() => reject(new Error(`krs-mcp did not listen:\n${err}`)), 30_000)
    mcp.stderr?.on('data', (d: Buffer) => {
      err += d.toString('utf8')
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)\/mcp/.exec(err)
      if (m) {
        clearTimeout(timer)
        resolve(new URL(m[1] as string))
      }
    })
  })
  proxy = createServer((req, res) => {
    const self = `127.0.0.1:${(proxy.address() as AddressInfo).port}`
    const headers = { ...req.headers, authorization: `Bearer ${httpToken}` }
    if (headers.host === self) headers.host = target.host
    if (headers.origin === `http://${self}`) headers.origin = target.origin
    const up = request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    up.on('error', () => res.writeHead(502).end())
    req.pipe(up)
  })
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r))
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/mcp`
})

afterAll(async () => {
  mcp?.kill()
  await new Promise<void>((r) => (proxy ? proxy.close(() => r()) : r()))
  await mock?.stop()
})

/** Runs the suite on one scenario (asynchronously: the proxy lives in this process). */
function runScenario(scenario: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(node22, [suite, 'server', '--url', proxyUrl, '--scenario', scenario], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')))
    child.stderr.on('data', (d: Buffer) => (out += d.toString('utf8')))
    const timer = setTimeout(() => child.kill(), 120_000)
    child.once('error', reject)
    child.once('close', () => {
      clearTimeout(timer)
      resolve(out)
    })
  })
}

it('passes every check of the conformance scenarios that apply to krs-mcp', async () => {
  const results: string[] = []
  let passed = 0
  for (const [scenario, checks] of Object.entries(scenarios)) {
    const out = await runScenario(scenario)
    const m = /Passed: (\d+)\/(\d+), (\d+) failed/.exec(out)
    expect(m, `${scenario}:\n${out}`).not.toBeNull()
    expect({ scenario, passed: Number(m?.[1]), of: Number(m?.[2]) }, out.slice(-3000)).toEqual({
      scenario,
      passed: checks,
      of: checks,
    })
    passed += Number(m?.[1])
    results.push(`${scenario} ${m?.[1]}/${m?.[2]}`)
  }
  console.log(`MCP conformance ${suiteVersion}: ${passed} checks passed (${results.join(', ')})`)
})
