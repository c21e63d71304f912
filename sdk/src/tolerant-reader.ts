/**
 * Older builds of the real service wrapped some answers in one named key
 * (`{"member_tables": [...]}` instead of `[...]`). The contract records that key as the
 * operation's legacy key; this returns the bare value for both shapes.
 */
export function unwrapLegacy(data: unknown, legacyKey: string | null): unknown {
  if (legacyKey === null || typeof data !== 'object' || data === null || Array.isArray(data)) return data
  let only: string | undefined
  for (const key in data) {
    if (only !== undefined) return data
    only = key
  }
  return only === legacyKey ? (data as Record<string, unknown>)[legacyKey] : data
}
