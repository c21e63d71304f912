import { withBanner } from '../banner.js'
import type { ContractModel } from '../contract-model.js'

/**
 * `status-codes.ts`: for each HTTP status, the catalogue code that stands for it when an
 * error answer carries no error body (`status_default: true` in spec/errors.yaml). The SDK
 * reads a bare error answer with it; the emulator answers a status-only fault with it.
 */
export function emitStatusCodes(model: ContractModel): string {
  const rows = model.errors
    .filter((e) => e.statusDefault)
    .sort((a, b) => a.status - b.status)
    .map((e) => `  ${e.status}: '${e.code}',`)
  return withBanner(
    model.banner,
    `import type { ErrorCode } from './errors.js'

/** HTTP status → the error code a bare answer with that status stands for (spec/errors.yaml status_default). */
export const codeForStatus: { readonly [status: number]: ErrorCode } = {${rows.length > 0 ? `\n${rows.join('\n')}\n` : ''}}`,
  )
}
