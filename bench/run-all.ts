/**
 * `npm run bench`: runs every benchmark group of bench/package.json — each script named
 * `bench:<group>` without a further hyphen (bench:sdk, bench:mock, bench:load, ...; the
 * hyphenated ones such as bench:sdk-size are parts of a group) — one after another, captures
 * their output, collects the `BENCH {...}` figure lines (bench/report.ts), and writes
 * bench/results/latest.json plus a short table on stdout: each figure, its goal, its
 * baseline and the ratio. Scripts that print no BENCH lines (older ones) are kept with their
 * goal lines (lines mentioning "goal") so nothing is lost; the table marks them.
 *
 * `npm run bench -- load crash` runs only the groups named (their entries in latest.json are
 * replaced, the other groups' last figures stay, each with its date). BENCH_TIMEOUT_S bounds
 * each group (default 900 s).
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseBenchLines, type BenchFigure } from './report.js'

const here = dirname(fileURLToPath(import.meta.url))
const pkg = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
const only = process.argv.slice(2)
const groups = Object.keys(pkg.scripts)
  .filter((s) => /^bench:[a-z0-9]+$/.test(s))
  .filter((s) => only.length === 0 || only.includes(s.slice('bench:'.length)))
const timeoutS = Number(process.env.BENCH_TIMEOUT_S ?? 900)

interface GroupResult {
  script: string
  exitCode: number | null
  seconds: number
  figures: BenchFigure[]
  /** Lines of the output that state a goal (for scripts without BENCH lines). */
  goalLines: string[]
  outputTail: string
}

function run(script: string): Promise<GroupResult> {
  const started = performance.now()
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      cwd: here,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0' },
    })
    let out = ''
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString('utf8')
      process.stderr.write(d) // progress stays visible; the table goes to stdout at the end
    })
    child.stderr.on('data', (d: Buffer) => {
      out += d.toString('utf8')
      process.stderr.write(d)
    })
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutS * 1000)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({
        script,
        exitCode: code,
        seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
        figures: parseBenchLines(out),
        goalLines: out
          .split('\n')
          .filter((l) => /goal/i.test(l) && !l.startsWith('BENCH '))
          .map((l) => l.trim()),
        outputTail: out.slice(-4000),
      })
    })
  })
}

const fmt = (n: number | null | undefined): string =>
  n === null || n === undefined
    ? '–'
    : Math.abs(n) >= 100
      ? n.toFixed(0)
      : Math.abs(n) >= 1
        ? n.toFixed(2)
        : n.toPrecision(3)

const results: GroupResult[] = []
for (const script of groups) {
  process.stderr.write(`\n=== ${script} (${pkg.scripts[script]})\n`)
  results.push(await run(script))
}

// `npm run bench -- mock` updates its groups in latest.json and keeps the others' last figures.
const latestPath = join(here, 'results', 'latest.json')
let kept: (GroupResult & { date?: string })[] = []
if (only.length > 0 && existsSync(latestPath)) {
  try {
    const previous = JSON.parse(readFileSync(latestPath, 'utf8')) as {
      date?: string
      groups?: (GroupResult & { date?: string })[]
    }
    kept = (previous.groups ?? [])
      .filter((g) => !results.some((r) => r.script === g.script))
      .map((g) => ({ ...g, date: g.date ?? previous.date }))
  } catch {
    kept = []
  }
}
const now = new Date().toISOString()
const groupsOut = [...kept, ...results.map((r) => ({ ...r, date: now }))]
const report = {
  format: 'krs-bench/1',
  date: now,
  machine: { cpus: cpus().length, loadavg: loadavg(), node: process.version },
  // Every figure with its goal, baseline and ratio in one list; the groups keep the details.
  figures: groupsOut.flatMap((g) => g.figures),
  groups: groupsOut,
}
mkdirSync(join(here, 'results'), { recursive: true })
writeFileSync(latestPath, `${JSON.stringify(report, null, 2)}\n`)

const rows: string[][] = [['figure', 'value', 'unit', 'goal', 'met', 'baseline', 'ratio']]
for (const g of results) {
  if (g.figures.length === 0) {
    rows.push([
      `${g.script} (exit ${String(g.exitCode)}, no BENCH lines)`,
      '',
      '',
      g.goalLines[0]?.slice(0, 60) ?? '',
      '',
      '',
      '',
    ])
    continue
  }
  for (const f of g.figures)
    rows.push([
      f.name,
      fmt(f.value),
      f.unit,
      f.goal ?? '',
      f.met === undefined ? '' : f.met ? 'yes' : 'NO',
      fmt(f.baseline),
      fmt(f.ratio),
    ])
}
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
for (const r of rows)
  console.log(
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd(),
  )
console.log(
  `\nbench/results/latest.json written (${results.length} groups, ${results.filter((r) => r.exitCode !== 0).length} failed to run)`,
)
if (results.some((r) => r.exitCode !== 0)) process.exitCode = 1
