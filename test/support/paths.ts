import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { binSource } from '../../mock-server/entry-points.js'

/** The repository root (/work/main when run here). */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
/** krs-mock's entry, run from its sources through tsx (never a stale dist/). */
export const mockBinSource = binSource
/**
 * krs-mock's built program (mock-server/dist/bin.js). `npm test` (scripts/run-tests.mjs) builds
 * it just before its vitest run and says so with KRS_TEST_MOCK_DIST=1: the processes then start
 * from it, without compiling the emulator's sources through tsx in each (about 1 s of CPU
 * against 0.25 s). Without the variable (a vitest run of its own) they start from the sources.
 */
export const mockBinBuilt: string | undefined =
  process.env.KRS_TEST_MOCK_DIST === '1' ? join(repoRoot, 'mock-server', 'dist', 'bin.js') : undefined
/** The bundled contract Prism validates against. */
export const bundledSpec = join(repoRoot, 'spec', 'dist', 'openapi.json')
/** The CLI's built binary (cli/dist, built by `npm run build -w @krs-kit/cli`). */
export const cliBin = join(repoRoot, 'cli', 'dist', 'bin.cjs')

const require = createRequire(join(repoRoot, 'package.json'))
/** Prism's CLI entry (node_modules/.bin/prism points at it). */
export const prismBin = join(repoRoot, 'node_modules', '.bin', 'prism')
/** tsx's ESM loader, for `node --import <tsxLoader> bin.ts` (one process: signals reach the server). */
export const tsxLoader = require.resolve('tsx')
