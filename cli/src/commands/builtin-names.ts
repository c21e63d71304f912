/** Names that are never operations (kept apart from the commands, which an API call does not load). */
export const builtinNames = new Set([
  'config',
  'wait',
  'members',
  'deliveries',
  'mock',
  'mcp',
  'completion',
  'help',
  'scenario',
  'verify',
])
