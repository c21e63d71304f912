/**
 * The body of upload_stored_files: UTF-8 text with LF (newer documentation) or the same
 * content Base64-encoded (older documentation). The rule that tells them apart is the
 * contract's: a non-empty body without line breaks, spaces, commas or tabs, made only of
 * Base64 characters with `=` padding at the end, whose length is a multiple of 4 and whose
 * decoded bytes are valid UTF-8, is Base64; anything else is taken as the text itself.
 */
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/

export interface DecodedBody {
  text: string
  bytes: number
  base64: boolean
}

const encoder = new TextEncoder()

export function decodeUploadBody(body: string): DecodedBody {
  if (nodeBuffer) return decodeWithBuffer(nodeBuffer, body)
  if (body.length > 0 && body.length % 4 === 0 && BASE64.test(body)) {
    try {
      const bin = atob(body)
      const bytes = new Uint8Array(bin.length)
      for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i)
      const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
      return { text, bytes: bytes.length, base64: true }
    } catch {
      // not Base64 of UTF-8 text: the body is the text
    }
  }
  return { text: body, bytes: encoder.encode(body).length, base64: false }
}

type BufferClass = typeof import('node:buffer').Buffer
/** Node's Buffer where there is one (the same rule, natively: a 59 MB body costs tens of ms, not 600). */
const nodeBuffer = (globalThis as { Buffer?: BufferClass }).Buffer

function decodeWithBuffer(B: BufferClass, body: string): DecodedBody {
  const n = body.length
  if (n > 0 && n % 4 === 0) {
    const pad = body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0
    const eq = body.indexOf('=')
    // Buffer skips characters outside the alphabet (the decoded length then falls short) and
    // also reads the URL-safe `-` and `_`, which the rule does not count as Base64.
    if ((eq < 0 || eq >= n - pad) && body.indexOf('-') < 0 && body.indexOf('_') < 0) {
      const bytes = B.from(body, 'base64')
      if (bytes.length === (n / 4) * 3 - pad) {
        try {
          const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
          return { text, bytes: bytes.length, base64: true }
        } catch {
          // not Base64 of UTF-8 text: the body is the text
        }
      }
    }
  }
  return { text: body, bytes: B.byteLength(body, 'utf8'), base64: false }
}
