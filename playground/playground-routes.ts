import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { LoadContext, Plugin } from '@docusaurus/types'
import { operationDetails, type PlaygroundRegistry } from './scripts/playground-registry'

/**
 * Adds /playground/{api_name} for every operation of .generated/operations.json (prepare:contract),
 * each with its details from the playground's registry (prepare:playground) as route data.
 */
export function playgroundRoutes(context: LoadContext): Plugin {
  return {
    name: 'krs-playground-routes',
    async contentLoaded({ actions }) {
      const generated = join(context.siteDir, '.generated')
      const { operations } = JSON.parse(readFileSync(join(generated, 'operations.json'), 'utf8')) as {
        operations: { name: string }[]
      }
      const files = JSON.parse(readFileSync(join(generated, 'playground-runtime.json'), 'utf8')) as { registry: string }
      const registry = JSON.parse(
        readFileSync(join(context.siteDir, 'static', 'playground-runtime', files.registry), 'utf8'),
      ) as PlaygroundRegistry
      for (const op of operations) {
        const details = await actions.createData(
          `playground-details-${op.name}.json`,
          JSON.stringify(operationDetails(registry, op.name)),
        )
        actions.addRoute({
          path: `/playground/${op.name}`,
          component: '@site/src/components/playground/playground-page',
          modules: { details },
          exact: true,
        })
      }
    },
  }
}
