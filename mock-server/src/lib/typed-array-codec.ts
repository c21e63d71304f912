/** JSON-safe encoding of typed arrays (base64 of their bytes), platform-neutral. */
type Typed = Int8Array | Uint8Array | Int32Array | Uint32Array | Float64Array

export function encodeTyped(a: Typed, length: number): string {
  const bytes = new Uint8Array(a.buffer, a.byteOffset, length * a.BYTES_PER_ELEMENT)
  let out = ''
  const chunk = 0x8000
  for (let i = 0; i < bytes.length; i += chunk) {
    out += String.fromCharCode.apply(null, bytes.subarray(i, i + chunk) as unknown as number[])
  }
  return btoa(out)
}

export function decodeBytes(s: string): Uint8Array {
  const bin = atob(s)
  const bytes = new Uint8Array(bin.length)
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i)
  return bytes
}

export function decodeInto<T extends Typed>(s: string, make: (n: number) => T): T {
  const bytes = decodeBytes(s)
  const probe = make(0)
  const n = bytes.length / probe.BYTES_PER_ELEMENT
  const out = make(Math.max(n, 16))
  new Uint8Array(out.buffer).set(bytes)
  return out
}
