import type { ConfigureWebpackUtils } from '@docusaurus/types'

type Compiler = InstanceType<ConfigureWebpackUtils['currentBundler']['instance']['Compiler']>
type Bundler = ConfigureWebpackUtils['currentBundler']['instance']

/**
 * The bundler's NormalModuleReplacementPlugin (webpack's or Rspack's), failing the build when
 * the stand-in is not in it (no module matched): a
 * dependency that renames or moves the module it stands in for would otherwise keep its own
 * code and the site would lose the patch without a word.
 */
export function checkedReplacement(
  bundler: Bundler,
  pattern: RegExp,
  replacement: string,
): { apply(compiler: Compiler): void } {
  const replace = new bundler.NormalModuleReplacementPlugin(pattern, replacement)
  return {
    apply(compiler) {
      // Whether the stand-in is among the compilation's modules, not whether a resolve hook saw
      // the pattern: Rspack replaces the request natively, before the hooks see it.
      compiler.hooks.thisCompilation.tap('krs-checked-replacement', (compilation) => {
        compilation.hooks.finishModules.tap('krs-checked-replacement', (modules) => {
          const resources = [...modules].map((m) => ((m as { resource?: string }).resource ?? '').split('?')[0])
          if (!resources.includes(replacement))
            compilation.errors.push(
              new compiler.webpack.WebpackError(
                `dependency patch: no module matches ${pattern} any more, so ${replacement} replaces nothing (see plugins/patches/README.md)`,
              ),
            )
        })
      })
      replace.apply(compiler)
    },
  }
}

/**
 * Fails the build when no module of the compilation matches one of `patterns`: the files a
 * loader patches (its rule's `test`), so that a dependency that renames them cannot leave the
 * loader with nothing to do and the build without a word.
 */
export function expectModules(patterns: readonly RegExp[], patch: string): { apply(compiler: Compiler): void } {
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('krs-expect-modules', (compilation) => {
        compilation.hooks.finishModules.tap('krs-expect-modules', (modules) => {
          const resources = [...modules].map((m) => (m as { resource?: string }).resource ?? '')
          for (const pattern of patterns)
            if (!resources.some((r) => pattern.test(r)))
              compilation.errors.push(
                new compiler.webpack.WebpackError(
                  `dependency patch: no module matches ${pattern} any more, so ${patch} patches nothing (see plugins/patches/README.md)`,
                ),
              )
        })
      })
    },
  }
}
