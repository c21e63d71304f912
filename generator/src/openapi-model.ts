/**
 * The parts of a bundled OpenAPI 3.1 document the generator reads. Everything is typed
 * loosely (`unknown`) where the generator validates the shape itself.
 */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }

export type JsonObject = { [key: string]: unknown }

export interface OpenApiDocument {
  openapi: string
  info: { title: string; version: string; [key: string]: unknown }
  security?: unknown[]
  tags?: { name: string; description?: string }[]
  paths?: { [path: string]: JsonObject }
  components?: JsonObject
  [key: string]: unknown
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
