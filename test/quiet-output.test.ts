import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

// The test files that make MSW miss a request, or fail a file read, on purpose must keep
// `npm test`'s output free of what would otherwise read as a real problem: MSW's
// "[MSW] Error: intercepted a request without a matching request handler" block, and Node's
// DEP0137 warning for a file handle closed by the garbage collector. They run here in a vitest
// of their own (the garbage collector forced at the end of the file that reads), and its output
// is read.
const root = fileURLToPath(new URL('..', import.meta.url))
const files = ['mock-server/test/domains/mail/links.door.test.ts', 'mock-server/test/node/static-files.test.ts']

it('deliberate MSW misses and failed reads print no [MSW] Error block and no deprecation warning', () => {
  const r = spawnSync(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--project', 'mock-server', '--reporter', 'dot', ...files],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '--expose-gc', NO_COLOR: '1', FORCE_COLOR: '0' },
      timeout: 240_000,
    },
  )
  const output = `${r.stdout}\n${r.stderr}`
  expect(r.status, output).toBe(0)
  expect(output).toMatch(/Test Files\s+2 passed/)
  expect(output).not.toContain('[MSW] Error')
  expect(output).not.toMatch(/DEP0\d+/)
}, 300_000)
