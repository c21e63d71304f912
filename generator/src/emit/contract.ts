import { withBanner } from '../banner.js'
import type { ContractModel } from '../contract-model.js'
import { tsString } from '../ts-literal.js'

/** `contract.ts`: which contract the generated files came from. */
export function emitContract(model: ContractModel): string {
  return withBanner(
    model.banner,
    `/** sha256 of spec/dist/openapi.json, the bundled contract these files were generated from. */
export const CONTRACT_SHA256 = ${tsString(model.hash)}

/** info.version of the contract (the KREISEL API version). */
export const API_VERSION = ${tsString(model.apiVersion)}`,
  )
}
