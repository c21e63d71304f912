// Public entry of @krs-kit/mcp: what `krs mcp` starts and what embedders need.
export {
  defaultMaxAnswerBytes,
  helpText,
  type McpOptions,
  McpUsageError,
  parseMcpArgs,
  productionFlag,
} from './options.js'
export { type McpIo, type RunningMcp, runMcp, startMcpServer } from './run.js'
export { MCP_VERSION } from './version.js'
