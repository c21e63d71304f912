import { defineModule, type ModuleHandlers } from '../../kernel/module.js'
import { searchAddressesByZipOp } from './operations.js'
import { zipScenarioSchema } from './zip-scenario.js'
import { bundledZipText, type ZipTextLoader } from './zip-source.js'

/** Zip code search (search_addresses_by_zip) over the dictionary `zipText` reads. */
export const createZipModule = (zipText: ZipTextLoader) =>
  defineModule({
    name: 'zip',
    handlers: {
      search_addresses_by_zip: (ctx, b) => searchAddressesByZipOp(ctx, b.zip, zipText),
    } satisfies ModuleHandlers<'search_addresses_by_zip'>,
    scenarioSchema: { properties: {}, extensions: { services: zipScenarioSchema['extensions.services'] } },
  })

/** The zip module over the bundled dictionary. */
export const zipModule = createZipModule(bundledZipText)
