import { cutBytes } from './answer.js'
import { readResource } from './resources.js'

/** Room kept in each page for the note after it. */
const noteRoom = 300

/** The text cut into pages at line ends, each within `maxBytes` (a longer line is cut at a character). */
export function pagesOf(text: string, maxBytes: number): string[] {
  const size = Math.max(500, maxBytes - noteRoom)
  const pages: string[] = []
  let page = ''
  for (const line of text.split(/(?<=\n)/)) {
    if (Buffer.byteLength(page) + Buffer.byteLength(line) <= size) {
      page += line
      continue
    }
    if (page) pages.push(page)
    page = ''
    let rest = line
    while (Buffer.byteLength(rest) > size) {
      const head = cutBytes(rest, size)
      pages.push(head)
      rest = rest.slice(head.length)
    }
    page = rest
  }
  if (page || pages.length === 0) pages.push(page)
  return pages
}

/**
 * A resource's text, cut like a tool answer: `krs://guides/cli-reference` is its first
 * page, `krs://guides/cli-reference?page=2` the second, and each cut page ends with a note
 * naming the next URI. Undefined for an unknown resource or page.
 */
export async function readResourcePage(uri: string, maxBytes: number): Promise<string | undefined> {
  const m = /^([^?#]+)(?:\?page=([1-9][0-9]{0,4}))?$/.exec(uri)
  if (!m) return undefined
  const base = m[1] as string
  const n = m[2] === undefined ? 1 : Number(m[2])
  const text = await readResource(base)
  if (text === undefined) return undefined
  const pages = pagesOf(text, maxBytes)
  const page = pages[n - 1]
  if (page === undefined) return undefined
  if (pages.length === 1) return page
  const next = n < pages.length ? `; read ${base}?page=${n + 1} for the next` : '; this is the last page'
  return `${page}\n\n[krs-mcp: page ${n} of ${pages.length} of ${base} (${Buffer.byteLength(text)} bytes in all)${next}]`
}
