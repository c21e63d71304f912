import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface ContractSource {
  spec: Record<string, unknown>
  /** Where the contract came from, shown on the site. */
  origin: 'spec/dist/openapi.json' | 'spec/openapi.yaml'
}

/**
 * Reads the bundled contract. Prefers the published artefact spec/dist/openapi.json
 * (written by `npm run generate`); when it does not exist yet, bundles spec/openapi.yaml
 * with Redocly into a temporary folder. Never writes under spec/.
 */
export function loadContract(repoRoot: string): ContractSource {
  const dist = join(repoRoot, 'spec', 'dist', 'openapi.json')
  if (existsSync(dist)) {
    return { spec: JSON.parse(readFileSync(dist, 'utf8')) as Record<string, unknown>, origin: 'spec/dist/openapi.json' }
  }
  const require = createRequire(import.meta.url)
  const cliPackage = require.resolve('@redocly/cli/package.json', { paths: [repoRoot] })
  const cliBin = join(cliPackage, '..', 'bin', 'cli.js')
  const dir = mkdtempSync(join(tmpdir(), 'krs-site-contract-'))
  try {
    const out = join(dir, 'openapi.json')
    execFileSync(process.execPath, [cliBin, 'bundle', join(repoRoot, 'spec', 'openapi.yaml'), '-o', out], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    })
    return { spec: JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>, origin: 'spec/openapi.yaml' }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
