/**
 * @krs-kit/mock-server/program — the `krs-mock` program around the Node door: its flags,
 * the `--data-dir` store (snapshot and write log), the `--smtp` loop, scenario files and
 * the request log. `krs mock` runs it through `runCli`.
 */
export { runCli } from './run-cli.js'
export type { RunningCli, CliIo } from './run-cli.js'
export { parseCliArgs, CliUsageError } from './cli-args.js'
export type { CliOptions } from './cli-args.js'
export { durableStorage } from './durable-state.js'
export type { DurableState, DurableStorage, DurableStateOptions } from './durable-state.js'
export { loadState, saveState, startAutosave, writeFileAtomic, STATE_FILE } from './persistence.js'
export { readScenarioFile } from './scenario-file.js'
export { createRequestLog } from './request-log.js'
export { KRS_MOCK_OPTIONS, krsMockUsage } from './options.js'
