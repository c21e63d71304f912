/**
 * Run before every site build (`npm run prepare:contract`, also the `prebuild`/`prestart`
 * hooks). Writes git-ignored files only:
 *   .generated/openapi.json          the contract Redoc renders at /api (tags and security schemes with x-displayName, 「試す」 links)
 *   .generated/error-catalogue.json  rows of the /errors/* tables
 *   .generated/operations.json       tags + operations for /playground
 *   .generated/contract-meta.json    title, version, where it came from
 *   static/openapi.json              the downloadable contract
 */
import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadContract } from './contract-source.js'
import {
  contractMeta,
  errorCatalogue,
  operationList,
  tagList,
  withPlaygroundLinks,
  withSecurityDisplayNames,
  withTagDisplayNames,
} from './site-data.js'
import { writeIfChanged } from './write-if-changed.js'

const siteDir = join(dirname(fileURLToPath(import.meta.url)), '..')
const repoRoot = join(siteDir, '..')

const { spec, origin } = loadContract(repoRoot)
const generatedDir = join(siteDir, '.generated')
mkdirSync(generatedDir, { recursive: true })
mkdirSync(join(siteDir, 'static'), { recursive: true })

// Unchanged files are not rewritten (scripts/write-if-changed.ts): a prepare beside a build changes nothing.
const write = (file: string, value: unknown): void => {
  writeIfChanged(file, `${JSON.stringify(value, null, 2)}\n`)
}
write(join(generatedDir, 'openapi.json'), withPlaygroundLinks(withSecurityDisplayNames(withTagDisplayNames(spec))))
write(join(siteDir, 'static', 'openapi.json'), spec)
write(join(generatedDir, 'error-catalogue.json'), errorCatalogue(spec))
write(join(generatedDir, 'operations.json'), { tags: tagList(spec), operations: operationList(spec) })
const meta = contractMeta(spec, origin)
write(join(generatedDir, 'contract-meta.json'), meta)
console.log(
  `[prepare-contract] ${meta.title} ${meta.version}: ${meta.operationCount} operations, ${meta.errorCount} error codes (from ${origin})`,
)
