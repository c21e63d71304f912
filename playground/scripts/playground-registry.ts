/** The data the playground fetches at run time (static/playground-runtime/registry.json). */
import type { ErrorEntry } from './site-data.js'

export interface RegistryOperation {
  name: string
  tag: string
  summary: string
  description: string
  rights: readonly string[]
  option: string | null
  security: boolean
  errors: readonly string[]
  responseType: 'json' | 'text'
  requestSchema: unknown
}

export interface PlaygroundRegistry {
  operations: RegistryOperation[]
  errors: Record<string, { name: string; description: string; status: number }>
}

/** Keeps what the playground shows and sends; the catalogue keyed by code. */
export function playgroundRegistry(
  operations: Record<string, RegistryOperation>,
  catalogue: ErrorEntry[],
): PlaygroundRegistry {
  return {
    operations: Object.values(operations).map((o) => ({
      name: o.name,
      tag: o.tag,
      summary: o.summary,
      description: o.description,
      rights: o.rights,
      option: o.option,
      security: o.security,
      errors: o.errors,
      responseType: o.responseType,
      requestSchema: o.requestSchema,
    })),
    errors: Object.fromEntries(
      catalogue.map((e) => [e.code, { name: e.name, description: e.description, status: e.status }]),
    ),
  }
}
