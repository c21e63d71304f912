/** Types of scripts/pack-packages.mjs (for the TypeScript users: the consumer test, the size bench). */
export declare const root: string
export declare const packDir: string
export declare const published: ReadonlyArray<{ key: 'sdk' | 'mockServer' | 'cli' | 'mcp'; name: string; dir: string }>
export declare function inputHash(pkgDir: string): string
export interface PackedTarballs {
  sdk: string
  mockServer: string
  cli: string
  mcp: string
  /** The keys of the packages packed anew by this call (the others were unchanged). */
  repacked: Array<'sdk' | 'mockServer' | 'cli' | 'mcp'>
}
export declare function packPackages(options?: { force?: boolean; log?: (message: string) => void }): PackedTarballs
