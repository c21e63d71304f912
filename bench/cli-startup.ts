/**
 * `krs --help` cold start against `node -e 0`, measured in the same run.
 * Goal: under 150 ms and at most 2.5× `node -e 0`.
 * Uses hyperfine when installed, else repeated spawns. Needs `npm run build -w @krs-kit/cli`
 * (the npm script `bench:cli` builds first). Figures only, never pass/fail.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const bin = fileURLToPath(new URL('../cli/dist/bin.js', import.meta.url))
if (!existsSync(bin)) {
  console.error('cli/dist/bin.js is missing: run `npm run build -w @krs-kit/cli` first')
  process.exit(1)
}
const runs = Number(process.env.BENCH_RUNS ?? 30)
const cases = [
  { name: 'node -e 0', argv: ['-e', '0'] },
  { name: 'krs --help', argv: [bin, '--help'] },
  { name: 'krs get-member-tables --help', argv: [bin, 'get-member-tables', '--help'] },
]

/** CPU time (user + system) per run, from hyperfine: steadier than wall time on a busy machine. */
let cpu: number[] | undefined

function hasHyperfine(): boolean {
  return spawnSync('hyperfine', ['--version']).status === 0
}

function quote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`
}

function withHyperfine(): number[] {
  const dir = mkdtempSync(join(tmpdir(), 'krs-bench-'))
  const out = join(dir, 'result.json')
  try {
    execFileSync(
      'hyperfine',
      [
        '-N',
        '--warmup',
        '3',
        '--runs',
        String(runs),
        '--export-json',
        out,
        '--style',
        'none',
        ...cases.map((c) => [process.execPath, ...c.argv].map(quote).join(' ')),
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    )
    const json = JSON.parse(readFileSync(out, 'utf8')) as {
      results: { median: number; user: number; system: number }[]
    }
    cpu = json.results.map((r) => (r.user + r.system) * 1000)
    return json.results.map((r) => r.median * 1000)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

function withSpawns(): number[] {
  return cases.map((c) => {
    const times: number[] = []
    for (let i = 0; i < runs + 3; i++) {
      const t = performance.now()
      spawnSync(process.execPath, c.argv, { stdio: 'ignore' })
      if (i >= 3) times.push(performance.now() - t)
    }
    times.sort((a, b) => a - b)
    return times[Math.floor(times.length / 2)] ?? NaN
  })
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
const help = medians[1] ?? NaN
console.log(`krs --help: ${help.toFixed(1)} ms, ${(help / base).toFixed(2)}× node -e 0 (goal: < 150 ms and ≤ 2.5×)`)
