/**
 * Benchmark: a clean build of the docs site (`docusaurus build` after `docusaurus clear`, the
 * playground's runtime prepared once before both), with @docusaurus/faster (Rspack, SWC,
 * Lightning CSS: the site's build) against the same build with webpack (`KRS_SITE_BUNDLER=webpack`)
 * in the same run: the baseline. Goal: ≤ 30 s idle, and at least twice as fast as webpack.
 * Leaves the Rspack build in playground/build (bench:site-size and bench:site-lighthouse read it).
 *
 *   npm run bench:site-build -w @krs-kit/bench
 * Minutes on a busy 2-core machine (webpack took 12.6 minutes at a load of 21–32): raise
 * BENCH_TIMEOUT_S for `npm run bench`.
 */
import { spawnSync } from 'node:child_process'
import { loadavg } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { reportFigure } from './report.js'

const site = join(dirname(fileURLToPath(import.meta.url)), '..', 'playground')
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')

function run(args: string[], env: NodeJS.ProcessEnv = {}): void {
  const r = spawnSync('npx', args, {
    cwd: site,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env },
  })
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed (${r.status})`)
}

/** Seconds of a clean `docusaurus build` with the given bundler setting. */
function cleanBuild(env: NodeJS.ProcessEnv): { seconds: number; load: string } {
  run(['docusaurus', 'clear'])
  const before = load()
  const t0 = performance.now()
  run(['docusaurus', 'build'], env)
  return { seconds: (performance.now() - t0) / 1000, load: `${before} → ${load()}` }
}

console.log(`site build, clean — load average ${load()}`)
run(['npm', 'run', 'prepare:site', '--silent'])
const webpack = cleanBuild({ KRS_SITE_BUNDLER: 'webpack' })
console.log(`webpack:          ${webpack.seconds.toFixed(0)} s (load ${webpack.load})`)
const faster = cleanBuild({ KRS_SITE_BUNDLER: '' })
console.log(`Rspack (faster):  ${faster.seconds.toFixed(0)} s (load ${faster.load}) — goal ≤ 30 s idle, ≥ 2× webpack`)
run(['tsx', 'scripts/strip-search-readings.ts'])
reportFigure({
  name: 'site.build_s',
  value: Number(faster.seconds.toFixed(1)),
  unit: 's',
  goal: '<= 30 s idle',
  baseline: Number(webpack.seconds.toFixed(1)),
  met: faster.seconds <= 30,
})
reportFigure({
  name: 'site.build_speedup_x',
  value: Number((webpack.seconds / faster.seconds).toFixed(2)),
  unit: '× webpack',
  goal: '>= 2x',
  baseline: null,
  met: webpack.seconds / faster.seconds >= 2,
})
