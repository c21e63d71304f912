/**
 * Encode plain state (objects, arrays, Maps, Sets, typed arrays, primitives) as JSON-safe
 * data and back. Used for the tenant sections without a snapshot part, so that a section made
 * of Maps and Sets survives `snapshotTenant` / `restoreTenant` without its own code. Class
 * instances come back as plain objects: give such a section a snapshot part.
 */
type Tagged =
  | { $map: [unknown, unknown][] }
  | { $set: unknown[] }
  | { $typed: string; data: number[] }
  | { $obj: Record<string, unknown> }

export function encodeJsonSafe(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v
  if (v instanceof Map) return { $map: [...v].map(([k, x]) => [encodeJsonSafe(k), encodeJsonSafe(x)]) }
  if (v instanceof Set) return { $set: [...v].map(encodeJsonSafe) }
  if (ArrayBuffer.isView(v) && !(v instanceof DataView))
    return { $typed: v.constructor.name, data: Array.from(v as unknown as ArrayLike<number>) }
  if (Array.isArray(v)) return v.map(encodeJsonSafe)
  const out: Record<string, unknown> = {}
  for (const [k, x] of Object.entries(v)) if (x !== undefined) out[k] = encodeJsonSafe(x)
  // an object whose own keys look like a tag is wrapped, so decoding cannot mistake it
  return '$map' in out || '$set' in out || '$typed' in out || '$obj' in out ? { $obj: out } : out
}

const TYPED: Record<string, new (a: number[]) => unknown> = {
  Int8Array,
  Uint8Array,
  Uint8ClampedArray,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
}

export function decodeJsonSafe(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v
  if (Array.isArray(v)) return v.map(decodeJsonSafe)
  const t = v as Tagged
  if ('$map' in t) return new Map(t.$map.map(([k, x]) => [decodeJsonSafe(k), decodeJsonSafe(x)]))
  if ('$set' in t) return new Set(t.$set.map(decodeJsonSafe))
  if ('$typed' in t) return new (TYPED[t.$typed] ?? Float64Array)(t.data)
  const src = '$obj' in t ? t.$obj : (v as Record<string, unknown>)
  const out: Record<string, unknown> = {}
  for (const [k, x] of Object.entries(src)) out[k] = decodeJsonSafe(x)
  return out
}
