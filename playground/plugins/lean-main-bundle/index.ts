import { join } from 'node:path'
import type { LoadContext, Plugin } from '@docusaurus/types'
import { CompileHintsPlugin } from './compile-hints'

/**
 * Keeps main.js, which every page loads and evaluates before it can hydrate, to what every page
 * needs. Most of the measures patch a dependency and live in plugins/patches/ (its README lists
 * them); here are the site's own:
 * - The code blocks' Prism comes in a chunk of its own, loaded only when a block renders itself
 *   in the browser; the server build imports it directly (highlighted-loader.server.ts).
 * - /api's Redoc and the contract it renders come in chunks of their own too, loaded when the
 *   reader opens the reference; the server renders only the operation index
 *   (src/components/api-reference/api-page.tsx).
 * - runtime~main.js, main.js and the playground form's chunk ask V8 to compile all their
 *   functions while they stream, off the main thread (compile-hints.ts).
 */
export function leanMainBundle(context: LoadContext): Plugin {
  return {
    name: 'krs-lean-main-bundle',
    configureWebpack: (_config, isServer, utils) => {
      const bundler = utils.currentBundler.instance
      return {
        plugins: isServer
          ? [
              new bundler.NormalModuleReplacementPlugin(
                /CodeBlock[\\/]Content[\\/]highlighted-loader(\.ts)?$/,
                join(context.siteDir, 'src', 'theme', 'CodeBlock', 'Content', 'highlighted-loader.server.ts'),
              ),
            ]
          : [new CompileHintsPlugin(['main', 'playground-form'])],
      }
    },
  }
}
