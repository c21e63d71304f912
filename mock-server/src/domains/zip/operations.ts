import type { EngineContext } from '../../kernel/context.js'
import { KrsError } from '../../kernel/krs-error.js'
import { msg } from '../../kernel/messages.js'
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
  if (!ZIP.test(zip)) throw new KrsError('KR_API_F0207', msg('zip_format', { zip }))
  if (zipNotReady(ctx.tenant)) {
    throw new KrsError('KR_API_F0208', msg('zip_updating'))
  }
  let dict: ZipDictionary
  try {
    dict = await zipDictionary(zipText)
  } catch (e) {
    throw new KrsError('KR_API_F0208', msg('zip_dictionary_missing', { error: (e as Error).message }))
  }
  return dict.lookup(zip.replace('-', ''))
}
