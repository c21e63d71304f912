import { banner, contractSha256 } from './banner.js'
import { ContractError } from './contract-error.js'
import { readErrorCatalogue, type ErrorCatalogueEntry } from './error-catalogue.js'
import { extractOperations, extractTags, type OperationModel, type TagModel } from './extract-operations.js'
import type { OpenApiDocument } from './openapi-model.js'

/** Everything the emitters need, read and checked once from the bundled contract. */
export interface ContractModel {
  doc: OpenApiDocument
  hash: string
  banner: string
  apiVersion: string
  errors: ErrorCatalogueEntry[]
  tags: TagModel[]
  operations: OperationModel[]
  /** Every `$ref` the operation schemas use -> the dereferenced object all its uses share. */
  sharedSchemas: Map<string, unknown>
}

/**
 * Builds the model from a bundled contract. `bundledJson` is the exact text of
 * spec/dist/openapi.json (its sha256 is the contract hash); `specLabel` names the root in
 * the banner.
 */
export function buildContractModel(doc: OpenApiDocument, bundledJson: string, specLabel: string): ContractModel {
  if (typeof doc.openapi !== 'string' || !doc.openapi.startsWith('3.1')) {
    throw new ContractError([`openapi: expected 3.1.x, found ${JSON.stringify(doc.openapi)}`])
  }
  const apiVersion = doc.info?.version
  if (typeof apiVersion !== 'string' || apiVersion === '') throw new ContractError(['info.version: missing'])
  const errors = readErrorCatalogue(doc)
  const tags = extractTags(doc)
  const sharedSchemas = new Map<string, unknown>()
  const operations = extractOperations(doc, errors, tags, sharedSchemas)
  const hash = contractSha256(bundledJson)
  return { doc, hash, banner: banner(specLabel), apiVersion, errors, tags, operations, sharedSchemas }
}
