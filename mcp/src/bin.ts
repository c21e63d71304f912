import { runMcp } from './run.js'

const code = await runMcp(process.argv.slice(2))
if (code !== 0) process.exitCode = code
