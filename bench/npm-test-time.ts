/**
 * Benchmark: the wall time of `npm test` (the quick suite: builds, vitest, PHPUnit), the
 * figure a developer waits for after each change. Goal: ≤ 90 s on an idle machine.
 *
 * Printed beside it, from the same run: the CPU time of the whole run (user + system of every
 * process it waited for, from /proc/self/stat on Linux) and that CPU spread over the machine's
 * cores, the wall time the run could reach if nothing waited in line: the baseline. A wall time
 * far above it means waiting (a serial step, a sleep); near it, only less work helps. The load
 * average is printed before and after: a figure taken under the load of other work is not an
 * idle figure.
 *
 *   npm run bench:tests -w @krs-kit/bench
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { reportFigure } from './report.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')

/** Seconds of CPU (user + system) of the children this process has waited for (Linux). */
function childrenCpuSeconds(): number | null {
  if (!existsSync('/proc/self/stat')) return null
  const stat = readFileSync('/proc/self/stat', 'utf8')
  // Fields after the command name (which may hold spaces), counted from field 3.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const ticksPerSecond = 100 // USER_HZ on Linux
  return (Number(fields[13]) + Number(fields[14])) / ticksPerSecond // cutime, cstime
}

const before = load()
const cpu0 = childrenCpuSeconds()
const t0 = performance.now()
const r = spawnSync('npm', ['test'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
const wall = (performance.now() - t0) / 1000
const cpu1 = childrenCpuSeconds()
if (r.status !== 0) throw new Error(`npm test failed (exit ${r.status}): no figure`)
const cores = availableParallelism()
const cpu = cpu0 === null || cpu1 === null ? null : cpu1 - cpu0
const spread = cpu === null ? null : cpu / cores
console.log(
  `npm test: ${wall.toFixed(1)} s wall (goal ≤ 90 s idle)` +
    (cpu === null ? '' : `, ${cpu.toFixed(0)} s CPU = ${spread!.toFixed(1)} s on ${cores} cores`) +
    ` — load ${before} → ${load()}`,
)
reportFigure({
  name: 'tests.npm_test_wall_s',
  value: Number(wall.toFixed(1)),
  unit: 's',
  goal: '<= 90 s idle',
  baseline: spread === null ? null : Number(spread.toFixed(1)),
  met: wall <= 90,
})
if (cpu !== null) {
  reportFigure({
    name: 'tests.npm_test_cpu_s',
    value: Number(cpu.toFixed(0)),
    unit: 's CPU',
    goal: null,
    baseline: null,
  })
}
