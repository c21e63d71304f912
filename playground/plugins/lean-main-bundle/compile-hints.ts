import type { ConfigureWebpackUtils } from '@docusaurus/types'

/**
 * Puts V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chrome 136 and later) on the
 * first line of the scripts most of whose functions run as soon as they load: runtime~main.js
 * and main.js, which every page runs to start, and the playground's request form (rjsf and its
 * Ajv, which render and compile the operation's schema as an operation's page starts).
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

type Compiler = InstanceType<ConfigureWebpackUtils['currentBundler']['instance']['Compiler']>

/**
 * `groups`: the names of the chunk groups whose scripts get the hint: an entry point (`main`:
 * runtime~main.js and main.js) or a named dynamic import (`playground-form`: the form's module
 * and the vendor chunk webpack splits out of it). A name that is not in the build fails it, so
 * that a renamed import cannot drop the hint unnoticed.
 */
export class CompileHintsPlugin {
  constructor(private readonly groups: readonly string[]) {}

  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack
    compiler.hooks.thisCompilation.tap('krs-compile-hints', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After Terser (OPTIMIZE_SIZE), before the real content hash (OPTIMIZE_HASH).
        { name: 'krs-compile-hints', stage: Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING },
        () => {
          // A chunk can belong to more than one group: each file gets the hint once.
          const files = new Set<string>()
          for (const name of this.groups) {
            const group = compilation.namedChunkGroups.get(name)
            if (!group) throw new Error(`krs-compile-hints: no entry point or named import "${name}" in this build`)
            for (const chunk of group.chunks) for (const file of chunk.files) if (file.endsWith('.js')) files.add(file)
          }
          for (const file of files) compilation.updateAsset(file, (source) => new sources.ConcatSource(HINT, source))
        },
      )
    })
  }
}
