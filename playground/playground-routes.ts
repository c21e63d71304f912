import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { LoadContext, Plugin } from '@docusaurus/types'

/** Adds /playground/{api_name} for every operation of .generated/operations.json (prepare:contract). */
export function playgroundRoutes(context: LoadContext): Plugin {
  return {
    name: 'krs-playground-routes',
    async contentLoaded({ actions }) {
      const file = join(context.siteDir, '.generated', 'operations.json')
      const { operations } = JSON.parse(readFileSync(file, 'utf8')) as { operations: { name: string }[] }
      for (const op of operations) {
        actions.addRoute({
          path: `/playground/${op.name}`,
          component: '@site/src/components/playground/playground-page',
          exact: true,
        })
      }
    },
  }
}
