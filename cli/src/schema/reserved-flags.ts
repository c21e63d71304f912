/** Flags of `krs` itself; a body key with one of these names gets the flag `--<key>-value`. */
export const reservedFlags = new Set([
  'body',
  'token',
  'env-id',
  'base-url',
  'profile',
  'output',
  'query',
  'all',
  'dry-run',
  'help',
  'version',
  'raw',
  'show-token',
  'timeout',
  'verbose',
  'lang',
])
