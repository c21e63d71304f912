#!/usr/bin/env node
// Committed so that npm links `krs` at install time (a bin that points into dist/ is skipped
// when dist/ is not built yet); the command itself is the built dist/bin.js.
import '../dist/bin.js'
