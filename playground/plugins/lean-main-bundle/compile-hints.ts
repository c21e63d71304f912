import type { ConfigureWebpackUtils } from '@docusaurus/types'

/**
 * Puts V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chrome 136 and later) on the
 * first line of the scripts every page runs to start: runtime~main.js and main.js.
 *
 * Without it V8 compiles a function on the main thread the first time it is called. main.js is
 * almost all code that runs while the page starts (React DOM, the router, the theme), so that
 * lazy compilation was most of main.js's start-up task: 70–110 ms of its 135–190 ms on this
 * machine (Chromium trace, V8 compile events). With the hint V8 compiles every function of the
 * file while it streams it, on a background thread. Other browsers read a comment.
 *
 * Added after minification (Terser drops comments) and before the content hashes are computed,
 * so a file's name still changes with its content.
 */

const HINT = '//# allFunctionsCalledOnLoad\n'

/** The start-up scripts of a page: webpack's runtime chunk and the main entry chunk. */
export const isStartupScript = (file: string): boolean => /^(.*\/)?(runtime~)?main\.[0-9a-f]+\.js$/.test(file)

type Compiler = InstanceType<ConfigureWebpackUtils['currentBundler']['instance']['Compiler']>

export class CompileHintsPlugin {
  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack
    compiler.hooks.thisCompilation.tap('krs-compile-hints', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After Terser (OPTIMIZE_SIZE), before the real content hash (OPTIMIZE_HASH).
        { name: 'krs-compile-hints', stage: Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING },
        (assets) => {
          for (const file of Object.keys(assets)) {
            if (!isStartupScript(file)) continue
            compilation.updateAsset(file, (source) =>
              String(source.source()).startsWith(HINT) ? source : new sources.ConcatSource(HINT, source),
            )
          }
        },
      )
    })
  }
}
