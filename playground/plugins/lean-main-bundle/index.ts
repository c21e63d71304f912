import { join } from 'node:path'
import type { LoadContext, Plugin } from '@docusaurus/types'
import { addModuleKeys } from './client-manifest'
import { CompileHintsPlugin } from './compile-hints'

/**
 * Keeps main.js, which every page loads and evaluates before it can hydrate, to what every page
 * needs:
 * - Redoc's OpenAPI document leaves the global data (global-data-loader.cjs). Redoc's MDX
 *   embeds (ApiDocMdx, ApiSchema, ApiOperation) would need it back: give them the document as
 *   a prop (`spec`) if the docs ever use them.
 * - Prism is no longer a client module (no-prism-client-module.js): it loads with the code
 *   block.
 * - The code blocks' Prism comes in a chunk of its own, loaded only when a block renders itself
 *   in the browser; the server build imports it directly (highlighted-loader.server.ts).
 * - Link prefetching inserts its <link rel="prefetch"> elements in idle time (idle-prefetch.js)
 *   instead of all at once while the page hydrates.
 * - Docusaurus' first localeCompare (an ICU collator built while the page hydrates) is gone, and
 *   the window size set right after hydration is a transition (theme-tweaks-loader.cjs).
 * - Each page names its route's chunks in its HTML (client-manifest.ts), and its scripts start
 *   once the server's HTML has been painted (ssr-template.ts, the site's `ssrTemplate`).
 * - runtime~main.js, main.js and the playground form's chunk ask V8 to compile all their
 *   functions while they stream, off the main thread (compile-hints.ts).
 */
export function leanMainBundle(context: LoadContext): Plugin {
  const dir = join(context.siteDir, 'plugins', 'lean-main-bundle')
  return {
    name: 'krs-lean-main-bundle',
    configureWebpack: (_config, isServer, utils) => {
      const bundler = utils.currentBundler.instance
      return {
        plugins: [
          new bundler.NormalModuleReplacementPlugin(
            /@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages(\.js)?$/,
            join(dir, 'no-prism-client-module.js'),
          ),
          new bundler.NormalModuleReplacementPlugin(
            /@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]prefetch(\.js)?$/,
            join(dir, 'idle-prefetch.js'),
          ),
          ...(isServer
            ? [
                new bundler.NormalModuleReplacementPlugin(
                  /CodeBlock[\\/]Content[\\/]highlighted-loader(\.ts)?$/,
                  join(context.siteDir, 'src', 'theme', 'CodeBlock', 'Content', 'highlighted-loader.server.ts'),
                ),
              ]
            : [
                new CompileHintsPlugin(['main', 'playground-form']),
                {
                  apply: (compiler: { hooks: { done: { tap: (name: string, fn: () => void) => void } } }) => {
                    compiler.hooks.done.tap('krs-client-manifest-module-keys', () => {
                      addModuleKeys(context.generatedFilesDir)
                    })
                  },
                },
              ]),
        ],
        module: {
          rules: [
            { test: /[\\/]\.docusaurus[\\/]globalData\.json$/, use: [join(dir, 'global-data-loader.cjs')] },
            {
              test: /@docusaurus[\\/](theme-common[\\/]lib[\\/](utils[\\/]reactUtils|hooks[\\/]useWindowSize))\.js$/,
              use: [join(dir, 'theme-tweaks-loader.cjs')],
            },
          ],
        },
      }
    },
  }
}
