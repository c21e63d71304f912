import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'

// ajv-formats is CommonJS with `exports.default`: under NodeNext the default import is the
// module object, so take its `default`.
type AddFormats = (ajv: Ajv2020) => Ajv2020
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ??
  addFormatsModule) as unknown as AddFormats

/** Ajv for JSON Schema 2020-12 in strict mode, with the standard formats (as the emulator uses it). */
export function strictAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, strictTypes: false })
  addFormats(ajv)
  return ajv
}
