/**
 * The emulator's state as a link: `#state=` followed by the tenant snapshot
 * (`GET /__mock/snapshot`), deflated (CompressionStream) and written in base64url. The
 * fragment never reaches a server. A state too large for a link goes in a file instead.
 */

/**
 * Longest link offered. Chromium accepts addresses of 2 MB and the default tenant's link is
 * about 135,000 characters, but some chat tools cut long messages; above this the state is
 * offered as a file to download and load instead.
 */
export const MAX_STATE_LINK = 200_000

const PREFIX = '#state='

function toBase64Url(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('base64url 以外の文字が含まれています')
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
  const out = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i)
  return out
}

async function through(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = await new Response(new Blob([bytes as BlobPart]).stream().pipeThrough(stream)).arrayBuffer()
  return new Uint8Array(out)
}

/** The snapshot, deflated and in base64url. */
export async function encodeState(snapshot: unknown): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(snapshot))
  return toBase64Url(await through(json, new CompressionStream('deflate')))
}

/** The snapshot a `#state=` value carries; throws an Error worded in Japanese when it is not one. */
export async function decodeState(text: string): Promise<unknown> {
  let json: string
  try {
    json = new TextDecoder().decode(await through(fromBase64Url(text), new DecompressionStream('deflate')))
  } catch (e) {
    throw new Error(
      `共有リンクの状態を読めません（${(e as Error).message}）。リンクが途中で切れていないか確かめてください。`,
    )
  }
  try {
    return JSON.parse(json) as unknown
  } catch {
    throw new Error('共有リンクの状態が JSON ではありません。')
  }
}

/** The page's address carrying the state (the query stays; any other fragment is replaced). */
export function stateLink(href: string, encoded: string): string {
  const url = new URL(href)
  url.hash = ''
  return `${url.href}${PREFIX}${encoded}`
}

/** The encoded state of a location's fragment, or null. */
export function stateFromHash(hash: string): string | null {
  return hash.startsWith(PREFIX) ? hash.slice(PREFIX.length) : null
}
