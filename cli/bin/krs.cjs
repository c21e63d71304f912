#!/usr/bin/env node
// Committed so that npm links `krs` at install time (a bin that points into dist/ is skipped
// when dist/ is not built yet); the command itself is the built dist/bin.cjs. CommonJS, as the
// build is: an ES module here would set up Node's ES module loader at every start.
'use strict'
const { enableCompileCache } = require('node:module')
// Node 22.1 and later keep the compiled code of the modules loaded after this call on disk
// (NODE_COMPILE_CACHE, else its own folder in the OS temp dir; NODE_DISABLE_COMPILE_CACHE=1 turns
// it off), so the next `krs` skips compiling them. Node 20 has no such cache: nothing happens.
if (typeof enableCompileCache === 'function') enableCompileCache()
let entry
try {
  entry = require.resolve('../dist/bin.cjs')
} catch {
  process.stderr.write(
    'krs: the CLI is not built (dist/bin.cjs is missing): run `npm run build -w @krs-kit/cli`, or `npm install` at the repository root\n',
  )
  process.exit(1)
}
require(entry)
