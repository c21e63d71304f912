import { join } from 'node:path'
import type { LoadContext, Plugin } from '@docusaurus/types'

/**
 * Keeps main.js small: Redoc's OpenAPI document leaves the global data every page loads
 * (see loader.cjs). Redoc's MDX embeds (ApiDocMdx, ApiSchema, ApiOperation) would need it
 * back: give them the document as a prop (`spec`) if the docs ever use them.
 */
export function leanGlobalData(context: LoadContext): Plugin {
  return {
    name: 'krs-lean-global-data',
    configureWebpack: () => ({
      module: {
        rules: [
          {
            test: /[\\/]\.docusaurus[\\/]globalData\.json$/,
            use: [join(context.siteDir, 'plugins', 'lean-global-data', 'loader.cjs')],
          },
        ],
      },
    }),
  }
}
