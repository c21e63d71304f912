/** Types of scripts/lib/test-chromium.mjs (for the browser tests' TypeScript). */
export declare function testChromiumPath(env?: NodeJS.ProcessEnv): string
export declare const TEST_CHROMIUM_ARGS: readonly string[]
export declare function chromiumSkipReason(path?: string, env?: NodeJS.ProcessEnv): string | null
