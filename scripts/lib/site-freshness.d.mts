/** Types of scripts/lib/site-freshness.mjs (for the browser tests' TypeScript). */
export declare function siteSourcesNewest(root: string): number
export declare function siteBuildIsFresh(root: string, siteDir: string): boolean
