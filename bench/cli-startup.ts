/**
 * Cold start of `krs --help` and of an API call, `krs get-version` against a krs-mock started
 * here, against `node -e 0`, measured in the same run, with two floors beside them: the same
 * call as one bare node:http POST, and through the SDK alone (CommonJS, node:http transport).
 * Goal: each at most 1.3× `node -e 0` (wall, idle machine). `krs` is measured as users run it
 * from the second time on, with the launcher's code cache filled by the warm-up runs; one more
 * line shows a run without it. Uses hyperfine when installed (in rounds of every case, so that
 * a drift of the machine moves all figures alike), else spawns of every case in turn. Needs the
 * built CLI and emulator (the npm script `bench:cli` builds the CLI; `npm test` or `npm start`
 * the emulator). Figures only, never pass/fail. The goal is about an idle machine: with a
 * 1-minute load average of 1 or more while measuring, the goal lines say so and the figures carry
 * no verdict (`met`).
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { mockBin, requireBuiltMock, spawnUntil } from './mock-support.js'
import { reportFigure } from './report.js'

// What `npx krs` and a linked `krs` run: the package's launcher, which requires dist/bin.cjs.
const bin = fileURLToPath(new URL('../cli/bin/krs.cjs', import.meta.url))
if (!existsSync(fileURLToPath(new URL('../cli/dist/bin.cjs', import.meta.url)))) {
  console.error('cli/dist/bin.cjs is missing: run `npm run build -w @krs-kit/cli` first')
  process.exit(1)
}
const runs = Number(process.env.BENCH_RUNS ?? 30)
const loadBefore = loadavg()[0] ?? 0
requireBuiltMock()
const mock = await spawnUntil(process.execPath, [mockBin, '--port', '0', '--quiet'], /listening on (http:\/\/\S+)/)
const mockUrl = mock.match[1] as string
/** The floor of any Node client: one POST with node:http, its answer printed (CommonJS, nothing else loaded). */
const oneRequest = `const r = require('node:http').request(process.argv[1], { method: 'POST', headers: { authorization: 'Bearer krs-all', 'content-type': 'application/json' } }, (res) => { let b = ''; res.setEncoding('utf8'); res.on('data', (c) => (b += c)); res.on('end', () => process.stdout.write(b + '\\n')) }); r.end('{}')`
/** The same call through the SDK's CommonJS build and its node:http transport: what `krs` adds its own work to. */
const sdkDist = fileURLToPath(new URL('../sdk/dist/', import.meta.url))
const oneSdkCall = `const { createKrsClient } = require(${JSON.stringify(`${sdkDist}index.cjs`)}); const { nodeTransport } = require(${JSON.stringify(`${sdkDist}node.cjs`)}); createKrsClient({ baseUrl: process.argv[1], token: 'krs-all', transport: nodeTransport }).call('get_version').then((v) => process.stdout.write(JSON.stringify(v) + '\\n'))`
const cases = [
  { name: 'node -e 0', argv: ['-e', '0'] },
  { name: 'node -e (one node:http POST)', argv: ['-e', oneRequest, `${mockUrl}/api/v1/get_version`] },
  { name: 'node -e (one SDK call)', argv: ['-e', oneSdkCall, mockUrl] },
  { name: 'krs --help', argv: [bin, '--help'] },
  { name: 'krs get-member-tables --help', argv: [bin, 'get-member-tables', '--help'] },
  { name: 'krs get-version (krs-mock)', argv: [bin, 'get-version', '--base-url', mockUrl, '--token', 'krs-all'] },
  // Everything an API command does but the request: its start-up proper (the call's curl line).
  {
    name: 'krs get-version --dry-run',
    argv: [bin, 'get-version', '--base-url', mockUrl, '--token', 'krs-all', '--dry-run'],
  },
  // The same without the launcher's code cache: what a first run costs. Through `env`, whose own
  // exec (about 1 ms) this line includes.
  {
    name: 'krs get-version, no code cache',
    argv: [bin, 'get-version', '--base-url', mockUrl, '--token', 'krs-all'],
    env: { NODE_DISABLE_COMPILE_CACHE: '1' },
  },
] as { name: string; argv: string[]; env?: Record<string, string> }[]
// The launcher's code cache (Node 20; Node 22.1+ has its own) in a folder of this run, so the
// figures do not depend on what earlier runs left: the warm-up runs fill it.
const cacheDir = mkdtempSync(join(tmpdir(), 'krs-bench-cache-'))
process.env.NODE_COMPILE_CACHE = cacheDir
process.on('exit', () => rmSync(cacheDir, { recursive: true, force: true }))

/** CPU time (user + system) per run, from hyperfine: steadier than wall time on a busy machine. */
let cpu: number[] | undefined

function hasHyperfine(): boolean {
  return spawnSync('hyperfine', ['--version']).status === 0
}

function quote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`
}

/**
 * hyperfine runs one command's runs back to back, so a drift of the machine between the first
 * case and the last moves the ratios. The runs are split into rounds, each of every case in
 * turn, and the medians are taken over all rounds.
 */
function withHyperfine(): number[] {
  const dir = mkdtempSync(join(tmpdir(), 'krs-bench-'))
  const out = join(dir, 'result.json')
  const rounds = Math.min(5, runs)
  const times: number[][] = cases.map(() => [])
  const cpuSums: number[] = cases.map(() => 0)
  try {
    for (let round = 0; round < rounds; round++) {
      execFileSync(
        'hyperfine',
        [
          '-N',
          '--warmup',
          round === 0 ? '3' : '1',
          '--runs',
          String(Math.ceil(runs / rounds)),
          '--export-json',
          out,
          '--style',
          'none',
          ...cases.map((c) =>
            [
              ...(c.env ? ['env', ...Object.entries(c.env).map(([k, v]) => `${k}=${v}`)] : []),
              process.execPath,
              ...c.argv,
            ]
              .map(quote)
              .join(' '),
          ),
        ],
        { stdio: ['ignore', 'ignore', 'inherit'] },
      )
      const json = JSON.parse(readFileSync(out, 'utf8')) as {
        results: { times: number[]; user: number; system: number }[]
      }
      for (const [i, r] of json.results.entries()) {
        times[i]?.push(...r.times.map((t) => t * 1000))
        cpuSums[i] = (cpuSums[i] ?? 0) + (r.user + r.system) * 1000
      }
    }
    cpu = cpuSums.map((sum) => sum / rounds)
    return times.map(median)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

/** Without hyperfine: every case in turn, run after run (the spawn's own cost is in every figure). */
function withSpawns(): number[] {
  const times: number[][] = cases.map(() => [])
  for (let i = 0; i < runs + 3; i++) {
    for (const [j, c] of cases.entries()) {
      const t = performance.now()
      spawnSync(process.execPath, c.argv, { stdio: 'ignore', env: { ...process.env, ...c.env } })
      if (i >= 3) times[j]?.push(performance.now() - t)
    }
  }
  return times.map(median)
}

const tool = hasHyperfine() ? 'hyperfine' : 'spawnSync'
const medians = tool === 'hyperfine' ? withHyperfine() : withSpawns()
const base = medians[0] ?? NaN
console.log(`CLI cold start (${tool}, ${runs} runs, median)`)
for (const [i, c] of cases.entries()) {
  const ms = medians[i] ?? NaN
  const cpuText = cpu
    ? `   cpu ${(cpu[i] ?? NaN).toFixed(1).padStart(6)} ms  ${((cpu[i] ?? NaN) / (cpu[0] ?? NaN)).toFixed(2)}×`
    : ''
  console.log(`  ${c.name.padEnd(32)} ${ms.toFixed(1).padStart(7)} ms  ${(ms / base).toFixed(2)}× node -e 0${cpuText}`)
}
mock.proc.stop()
const load = Math.max(loadBefore, loadavg()[0] ?? 0)
const idle = load < 1
console.log(
  `load average while measuring: ${load.toFixed(1)} on ${availableParallelism()} cores${idle ? '' : ' (not idle: wall-time ratios are not comparable with the goal; the CPU column is steadier)'}`,
)
for (const [i, name, figure] of [
  [3, 'krs --help', 'cli.help_start_ms'],
  [5, 'krs get-version', 'cli.get_version_start_ms'],
] as const) {
  const ms = medians[i] ?? NaN
  const verdict = idle ? (ms / base <= 1.3 ? 'met' : 'not met') : 'no verdict: machine not idle'
  console.log(
    `${name}: ${ms.toFixed(1)} ms, ${(ms / base).toFixed(2)}× node -e 0 (goal: ≤ 1.3× on an idle machine; ${verdict})`,
  )
  reportFigure({
    name: figure,
    value: Number(ms.toFixed(1)),
    unit: 'ms',
    goal: '<= 1.3x node -e 0',
    baseline: Number(base.toFixed(1)),
    ...(idle ? { met: ms / base <= 1.3 } : {}),
  })
}
