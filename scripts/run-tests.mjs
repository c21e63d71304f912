#!/usr/bin/env node
// `npm test` and `npm run test:slow`: build what the tests run as built binaries (the
// emulator's dist/ and the CLI), then one vitest run, with (npm test without --project) the
// PHP SDK's PHPUnit suite running beside it, then the total time.
//   node scripts/run-tests.mjs            every project except `slow`
//   node scripts/run-tests.mjs --slow     the minute-long projects only: soaks, consumer, end-to-end,
//                                         then examples/react-app from the packed tarballs (scripts/example-app.mjs)
// Further arguments go to vitest (e.g. `npm test -- --project mock-server`).
import { spawn, spawnSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { hasCommand, INSTALL_HINT, inCi } from './lib/php.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const started = performance.now()
const args = process.argv.slice(2)
const slow = args[0] === '--slow'
if (slow) args.shift()
const label = slow ? 'npm run test:slow' : 'npm test'

function run(cmd, cmdArgs) {
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit' })
  return r.status ?? 1
}

/**
 * Runs `cmd` without blocking; its exit code, its output when `capture` (stdout and stderr, in
 * order; else both go to this process's), and when it ended.
 */
function runAsync(cmd, cmdArgs, capture = false) {
  return new Promise((resolve) => {
    const child = spawn(cmd, cmdArgs, { cwd: root, stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' })
    let output = ''
    child.stdout?.on('data', (d) => (output += d))
    child.stderr?.on('data', (d) => (output += d))
    child.on('error', (e) => resolve({ code: 1, output: `${output}${String(e)}\n`, ended: performance.now() }))
    child.on('close', (code) => resolve({ code: code ?? 1, output, ended: performance.now() }))
  })
}

// The JavaScript of the SDK, the emulator and the CLI (each rebuilt only when stale).
{
  const code = run(process.execPath, [join(root, 'scripts/build-dev.mjs')])
  if (code !== 0) {
    process.stderr.write(`${label}: the build (scripts/build-dev.mjs) failed (exit ${code})\n`)
    process.exit(code)
  }
}
// The slow run packs the published packages before any test starts (reused while unchanged, as
// after `npm run lint` in .ci/run): a package's `prepack` rebuilds its dist/ from scratch, which
// the CLI and npm-start end-to-end files run meanwhile; the consumer test and the example app
// then take the tarballs as they are.
if (slow) {
  const code = run(process.execPath, [join(root, 'scripts/pack-packages.mjs')])
  if (code !== 0) {
    process.stderr.write(`${label}: packing the packages (scripts/pack-packages.mjs) failed (exit ${code})\n`)
    process.exit(code)
  }
}
const built = performance.now()
// The quick projects' krs-mock processes start from the build just made (test/support/paths.ts).
if (!slow) process.env.KRS_TEST_MOCK_DIST = '1'
// The type tests (generator and sdk `*.test-d.ts`) are tsc runs over files that `npm run typecheck`
// (`tsc -b generator sdk …`, in CI before `npm test`) checks with the same tsconfig: not twice.
// `npx vitest run --project sdk` (or KRS_VITEST_TYPECHECK=1 npm test) still checks them.
process.env.KRS_VITEST_TYPECHECK ??= '0'

// `npm test` runs the quick projects; a --project given by the caller wins. The minute-long
// ones run in `npm run test:slow`, which .ci/run runs after `npm test`: the soaks, the consumer
// test (pack, install into new projects: minutes on a cold npm cache), the CLI's built binary
// against a krs-mock process, and Chromium on the built site (which they build first).
const slowProjects = ['slow', 'slow-parallel', 'mock-server-slow', 'consumer', 'cli-e2e', 'playground-e2e']
const quickProjects = ['generator', 'sdk', 'mock-server', 'cli', 'mcp', 'playground', 'test']
const projectArgs = args.some((a) => a === '--project' || a.startsWith('--project='))
  ? []
  : (slow ? slowProjects : quickProjects).flatMap((p) => ['--project', p])
// The PHP SDK's suite (sdk-php/tests, against a krs-mock process of its own, from the built
// dist/) runs with the quick projects, at the same time as vitest: it needs nothing vitest makes,
// and its seconds of waiting on its emulator fill the cores vitest leaves idle at its end. Its
// output is kept and printed after vitest's, so neither report is cut into the other. Without
// PHP it cannot run: a note in the last lines says so, and under CI it fails.
const phpStarted = performance.now()
let php = Promise.resolve({ code: 0, output: '', ended: phpStarted })
let phpNote = ''
if (!slow && projectArgs.length > 0) {
  if (hasCommand('php') && hasCommand('phpunit')) {
    php = runAsync('phpunit', ['--configuration', join(root, 'sdk-php/phpunit.xml.dist')], true)
  } else {
    php = Promise.resolve({ code: inCi() ? 1 : 0, output: '', ended: phpStarted })
    phpNote = `${label}: the PHP suite (sdk-php) did NOT run: PHP or PHPUnit is not installed${inCi() ? ' (a failure under CI)' : ''}; ${INSTALL_HINT}\n`
  }
}

// The example app (its own project, installed from the packed tarballs: not a vitest project of
// this repository) with its build, Vitest and Playwright tests, in the slow run without --project.
// It runs beside vitest (it needs only the tarballs packed above; its servers take ports 4173 and
// 4174, which no test of this repository uses): most of its half minute is npm's install, which
// waits on the disk while vitest's files use the cores. Its output is printed after vitest's.
const exampleStarted = performance.now()
let example = Promise.resolve({ code: 0, output: '', ended: exampleStarted })
if (slow && projectArgs.length > 0) example = runAsync(process.execPath, [join(root, 'scripts/example-app.mjs')], true)

const { code: vitestCode } = await runAsync(process.execPath, [
  join(root, 'node_modules/vitest/vitest.mjs'),
  'run',
  ...projectArgs,
  ...args,
])
const tested = performance.now()

const { code: exampleCode, output: exampleOutput, ended: exampled } = await example
process.stdout.write(exampleOutput)
if (exampleCode !== 0) process.stderr.write(`${label}: examples/react-app (scripts/example-app.mjs) FAILED\n`)

const { code: phpCode, output: phpOutput, ended: phpDone } = await php
process.stdout.write(phpOutput)
if (phpCode !== 0 && phpNote === '') phpNote = `${label}: the PHP suite (sdk-php) FAILED (exit ${phpCode})\n`
const code = vitestCode !== 0 ? vitestCode : exampleCode !== 0 ? exampleCode : phpCode
const seconds = (ms) => (ms / 1000).toFixed(1)
process.stdout.write(
  `${label}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds(performance.now() - started)} s (builds${slow ? ' and packs' : ''} ${seconds(built - started)} s, vitest ${seconds(tested - built)} s, ${slow ? `example app ${seconds(exampled - exampleStarted)} s beside vitest` : `php ${seconds(phpDone - phpStarted)} s beside vitest`})\n${phpNote}`,
)
process.exit(code)
