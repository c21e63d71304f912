import { defineModule, type ModuleHandlers } from '../../kernel/module.js'
import { searchAddressesByZipOp } from './operations.js'
import { zipScenarioSchema } from './zip-scenario.js'

/** Zip code search (search_addresses_by_zip) over the bundled dictionary. */
export const zipModule = defineModule({
  name: 'zip',
  handlers: {
    search_addresses_by_zip: (ctx, b) => searchAddressesByZipOp(ctx, b.zip),
  } satisfies ModuleHandlers<'search_addresses_by_zip'>,
  scenarioSchema: { properties: {}, extensions: { services: zipScenarioSchema['extensions.services'] } },
})
