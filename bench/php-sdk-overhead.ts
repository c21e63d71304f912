// Per-call overhead of the PHP SDK (sdk-php/) against the same request made with Guzzle
// directly (same headers, timeout, status check and JSON decoding), against one local node:http
// server, in one PHP process, calls interleaved. Printed, not pass/fail. Goal: ≤ 1.10× Guzzle.
// ROUNDS (default 7) × CALLS (default 300) calls per variant.
// Run: npm run bench:php -w @krs-kit/bench (needs php-cli, php-curl and php-guzzlehttp-guzzle).
import { spawnSync } from 'node:child_process'
import { availableParallelism, loadavg } from 'node:os'
import { join } from 'node:path'
import { startFixedAnswerServer } from './fixed-answer-server.js'
import { root } from './mock-support.js'
import { reportFigure } from './report.js'

const ROUNDS = Number(process.env.ROUNDS ?? 7)
const CALLS = Number(process.env.CALLS ?? 300)

interface PhpResult {
  php: string
  variants: { name: string; wallUs: number; cpuUs: number }[]
}

if (spawnSync('php', ['--version']).status !== 0) {
  console.log(
    'PHP SDK overhead: not measured: PHP is not installed (apt-get install php-cli php-curl php-guzzlehttp-guzzle)',
  )
  process.exit(0)
}
const { port, stop } = await startFixedAnswerServer()
try {
  const args = [join(root, 'bench/php/sdk-overhead.php'), String(port), String(ROUNDS), String(CALLS)]
  args.push(join(root, 'sdk-php/src'))
  if (process.env.GUZZLE_AUTOLOAD) args.push(process.env.GUZZLE_AUTOLOAD)
  const r = spawnSync('php', args, { encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`php exited with ${r.status}:\n${r.stdout}${r.stderr}`)
  const result = JSON.parse(r.stdout) as PhpResult
  const [direct, sdk] = result.variants as [PhpResult['variants'][0], PhpResult['variants'][0]]
  console.log(
    `PHP SDK per-call overhead (PHP ${result.php}, ${ROUNDS} rounds × ${CALLS} sequential calls each, local node:http server in a child process)`,
  )
  for (const v of result.variants) {
    console.log(
      `  ${v.name.padEnd(16)} wall ${v.wallUs.toFixed(1).padStart(8)} µs/call ×${(v.wallUs / direct.wallUs).toFixed(3)}   CPU ${v.cpuUs.toFixed(1).padStart(7)} µs/call ×${(v.cpuUs / direct.cpuUs).toFixed(3)}`,
    )
  }
  const ratio = sdk.wallUs / direct.wallUs
  console.log(`  ratio PHP SDK / Guzzle directly, wall time: ${ratio.toFixed(3)}×   (goal ≤ 1.10×)`)
  console.log(
    `  ratio PHP SDK / Guzzle directly, CPU: ${(sdk.cpuUs / direct.cpuUs).toFixed(3)}×   (steadier under load)`,
  )
  reportFigure({
    name: 'php.per_call_wall',
    value: Number(sdk.wallUs.toFixed(1)),
    unit: 'µs/call',
    goal: '<= 1.10x Guzzle directly',
    baseline: Number(direct.wallUs.toFixed(1)),
    met: ratio <= 1.1,
  })
  reportFigure({
    name: 'php.per_call_cpu',
    value: Number(sdk.cpuUs.toFixed(1)),
    unit: 'µs/call',
    goal: null,
    baseline: Number(direct.cpuUs.toFixed(1)),
  })
  console.log(`  load average while measuring: ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`)
} finally {
  stop()
}
