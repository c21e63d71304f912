#!/usr/bin/env node
// Committed so that npm links `krs` at install time (a bin that points into dist/ is skipped
// when dist/ is not built yet); the command itself is the built dist/bin.js.
import { existsSync } from 'node:fs'

const entry = new URL('../dist/bin.js', import.meta.url)
if (!existsSync(entry)) {
  process.stderr.write(
    'krs: the CLI is not built (dist/bin.js is missing): run `npm run build -w @krs-kit/cli`, or `npm install` at the repository root\n',
  )
  process.exit(1)
}
await import(entry.href)
