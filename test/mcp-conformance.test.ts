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
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type MockProcess, startMock } from './support/spawn-mock.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const dir = join(root, '.tmp', 'mcp-conformance')
const suiteVersion = '0.1.16'
const nodeVersion = '22.23.3'
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

/**
 * Installs the suite and Node 22 from npm (a download: a minute or more on a busy machine) into
 * a folder of its own, then renames it into place: an install cut short (a killed run) leaves
 * no half-installed folder that a later run would take for a complete one.
 */
async function installSuite(): Promise<void> {
  const staging = `${dir}.installing-${process.pid}`
  rmSync(staging, { recursive: true, force: true })
  mkdirSync(staging, { recursive: true })
  writeFileSync(join(staging, 'package.json'), '{ "name": "mcp-conformance-run", "private": true }\n')
  // Without the npm_* variables of the npm that started vitest (its workspace settings).
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_')))
  const args = ['install', '--prefix', staging, '--no-audit', '--no-fund']
  const child = spawn('npm', [...args, `@modelcontextprotocol/conformance@${suiteVersion}`, `node@${nodeVersion}`], {
    cwd: staging,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')))
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject)
    child.once('close', resolve)
  })
  if (code !== 0 || !existsSync(join(staging, 'node_modules', '.bin', 'node')))
    throw new Error(`npm install of the conformance suite failed (exit ${code}):\n${stderr}`)
  rmSync(dir, { recursive: true, force: true })
  renameSync(staging, dir)
}

// The first run downloads the suite (installSuite): its own time limit, beyond the hooks' two minutes.
beforeAll(async () => {
  if (!existsSync(suite) || !existsSync(node22)) await installSuite()
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
}, 10 * 60_000)

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
