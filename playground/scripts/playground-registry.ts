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

/** What an operation's page shows before the registry arrives: its details and its error codes explained. */
export interface OperationDetailsData {
  op: Pick<RegistryOperation, 'name' | 'description' | 'rights' | 'option' | 'security' | 'errors'>
  errors: PlaygroundRegistry['errors']
}

/**
 * The details of one operation, from the registry: given to its page as route data, so that
 * the page's HTML has them and they show at the first paint (the registry itself, 590 KB of
 * JSON with every request schema, is fetched by the page for the form).
 */
export function operationDetails(registry: PlaygroundRegistry, name: string): OperationDetailsData {
  const op = registry.operations.find((o) => o.name === name)
  if (!op) throw new Error(`operationDetails: no operation ${name} in the registry`)
  return {
    op: {
      name: op.name,
      description: op.description,
      rights: op.rights,
      option: op.option,
      security: op.security,
      errors: op.errors,
    },
    errors: Object.fromEntries(
      op.errors.map((code) => {
        const e = registry.errors[code]
        if (!e) throw new Error(`operationDetails: ${name} lists ${code}, which the catalogue does not explain`)
        return [code, e]
      }),
    ),
  }
}
