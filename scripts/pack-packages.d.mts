/** Types of scripts/pack-packages.mjs (for the TypeScript users: the consumer test, the size bench). */
export declare const root: string
export declare const packDir: string
export declare const published: ReadonlyArray<{ key: 'sdk' | 'mockServer' | 'cli'; name: string; dir: string }>
export declare function inputHash(pkgDir: string): string
export interface PackedTarballs {
  sdk: string
  mockServer: string
  cli: string
  /** The keys of the packages packed anew by this call (the others were unchanged). */
  repacked: Array<'sdk' | 'mockServer' | 'cli'>
}
export declare function packPackages(options?: { force?: boolean; log?: (message: string) => void }): PackedTarballs
