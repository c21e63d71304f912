#!/usr/bin/env node
// Committed so that npm links `krs-mcp` at install time (a bin that points into dist/ is skipped
// when dist/ is not built yet); the server itself is the built dist/bin.js.
import { existsSync } from 'node:fs'

const entry = new URL('../dist/bin.js', import.meta.url)
if (!existsSync(entry)) {
  process.stderr.write(
    'krs-mcp: the server is not built (dist/bin.js is missing): run `npm run build -w @krs-kit/mcp`, or `npm install` at the repository root\n',
  )
  process.exit(1)
}
await import(entry.href)
