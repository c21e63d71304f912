import { join } from 'node:path'
import type { LoadContext, Plugin } from '@docusaurus/types'
import { checkedReplacement, expectModules } from './checked-replacement'
import { addModuleKeys } from './client-manifest'

/**
 * The site's patches of its dependencies' code, in both webpack builds (what each does and what
 * it buys: README.md beside this file). Every one fails the build when it no longer applies:
 * module stand-ins through checkedReplacement, source edits through replaceOnce. The HTML
 * template (ssr-template.ts) and the search tokenizer (lunr-tokenizer.ts) are installed by
 * docusaurus.config.ts.
 */
/** The files each loader patches: every one must be in both builds. */
const loaderFiles = {
  'global-data.cjs': [/[\\/]\.docusaurus[\\/]globalData\.json$/],
  'theme-common.cjs': [
    /@docusaurus[\\/]theme-common[\\/]lib[\\/]utils[\\/]reactUtils\.js$/,
    /@docusaurus[\\/]theme-common[\\/]lib[\\/]hooks[\\/]useWindowSize\.js$/,
  ],
  'theme-classic.cjs': [/@docusaurus[\\/]theme-classic[\\/]lib[\\/]theme[\\/]SiteMetadata[\\/]index\.js$/],
  'redoc-bundle.cjs': [/[\\/]redoc[\\/]bundles[\\/]redoc\.(browser\.)?lib\.js$/],
} as const

/** The search plugin's files (search-plugin.cjs), in the browser's build: its worker has no server side. */
const searchFiles = [
  /@easyops-cn[\\/]docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]theme[\\/]SearchPage[\\/]SearchPage\.jsx$/,
  /@easyops-cn[\\/]docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]theme[\\/]SearchBar[\\/]SearchBar\.jsx$/,
  /@easyops-cn[\\/]docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]theme[\\/]worker\.js$/,
]

export function dependencyPatches(context: LoadContext): Plugin {
  const dir = join(context.siteDir, 'plugins', 'patches')
  const rule = (file: keyof typeof loaderFiles) => ({ test: [...loaderFiles[file]], use: [join(dir, file)] })
  return {
    name: 'krs-dependency-patches',
    configureWebpack: (_config, isServer, utils) => {
      const bundler = utils.currentBundler.instance
      const stand = (pattern: RegExp, file: string) => checkedReplacement(bundler, pattern, join(dir, file))
      return {
        plugins: [
          stand(
            /@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages(\.js)?$/,
            'no-prism-client-module.js',
          ),
          ...(isServer
            ? []
            : [
                // Prefetching exists in the browser only: the server build has no such module.
                stand(/@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]prefetch(\.js)?$/, 'idle-prefetch.js'),
                expectModules(searchFiles, 'search-plugin.cjs'),
                {
                  apply: (compiler: { hooks: { done: { tap: (name: string, fn: () => void) => void } } }) => {
                    compiler.hooks.done.tap('krs-client-manifest-module-keys', () => {
                      addModuleKeys(context.generatedFilesDir)
                    })
                  },
                },
              ]),
          ...Object.entries(loaderFiles).map(([file, patterns]) => expectModules(patterns, file)),
        ],
        module: {
          rules: [
            rule('global-data.cjs'),
            rule('theme-common.cjs'),
            rule('theme-classic.cjs'),
            rule('redoc-bundle.cjs'),
            { test: searchFiles, use: [join(dir, 'search-plugin.cjs')] },
          ],
        },
      }
    },
  }
}
