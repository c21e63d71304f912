/**
 * Whether loading an optional package failed because the package itself is not installed (not
 * something it needs): `import()` says ERR_MODULE_NOT_FOUND, `require()` (the CommonJS build)
 * MODULE_NOT_FOUND, both naming the package or one of its subpaths.
 */
export function isMissingPackage(e: unknown, pkg: string): boolean {
  const err = e as NodeJS.ErrnoException | undefined
  if (err?.code !== 'ERR_MODULE_NOT_FOUND' && err?.code !== 'MODULE_NOT_FOUND') return false
  return err.message.includes(`'${pkg}'`) || err.message.includes(`'${pkg}/`)
}
