/** The package's version (package.json `version`; a test keeps the two equal). */
export const MCP_VERSION = '0.1.0'
