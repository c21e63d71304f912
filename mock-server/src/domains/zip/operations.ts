import type { EngineContext } from '../../kernel/context.js'
import { KrsError } from '../../kernel/krs-error.js'
import type { ZipAddress } from './zip-dictionary.js'
import type { ZipDictionary } from './zip-dictionary.js'
import { type ZipTextLoader, zipDictionary } from './zip-source.js'
import { zipNotReady } from './zip-scenario.js'

const ZIP = /^(?:[0-9]{7}|[0-9]{3}-[0-9]{4})$/

/**
 * search_addresses_by_zip: 7 digits, or 3 digits, hyphen, 4 digits (KR_API_F0207 otherwise);
 * every address of the code (several where they exist); KR_API_F0208 while the dictionary is
 * not ready (simulated by the scenario, or the data not built).
 */
export async function searchAddressesByZipOp(
  ctx: EngineContext,
  zip: string,
  zipText: ZipTextLoader,
): Promise<ZipAddress[]> {
  if (!ZIP.test(zip))
    throw new KrsError(
      'KR_API_F0207',
      `zip "${zip}" must be 7 digits (1000001) or 3 digits, a hyphen and 4 digits (100-0001)`,
    )
  if (zipNotReady(ctx.tenant)) {
    throw new KrsError(
      'KR_API_F0208',
      'the zip address dictionary is being updated (scenario: extensions.services.zip_not_ready); retry after a while',
    )
  }
  let dict: ZipDictionary
  try {
    dict = await zipDictionary(zipText)
  } catch (e) {
    throw new KrsError(
      'KR_API_F0208',
      `the zip dictionary is not built (run \`npx tsx scripts/build-zip-dictionary.ts\` in mock-server): ${(e as Error).message}`,
    )
  }
  return dict.lookup(zip.replace('-', ''))
}
