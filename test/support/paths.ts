import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { binSource } from '../../mock-server/entry-points.js'

/** The repository root (/work/main when run here). */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
/** krs-mock's entry, run from its sources through tsx (never a stale dist/). */
export const mockBinSource = binSource
/** The bundled contract Prism validates against. */
export const bundledSpec = join(repoRoot, 'spec', 'dist', 'openapi.json')
/** The CLI's built binary (cli/dist, built by `npm run build -w @krs-kit/cli`). */
export const cliBin = join(repoRoot, 'cli', 'dist', 'bin.cjs')

const require = createRequire(join(repoRoot, 'package.json'))
/** Prism's CLI entry (node_modules/.bin/prism points at it). */
export const prismBin = join(repoRoot, 'node_modules', '.bin', 'prism')
/** tsx's ESM loader, for `node --import <tsxLoader> bin.ts` (one process: signals reach the server). */
export const tsxLoader = require.resolve('tsx')
