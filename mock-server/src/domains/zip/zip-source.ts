import { ZipDictionary } from './zip-dictionary.js'

/**
 * Where the zip dictionary text comes from. By default the generated file
 * `data/zip-dictionary.txt` (scripts/build-zip-dictionary.ts), read on first use: in Node with
 * `fs` (imported dynamically, so the engine has no static `node:` import), elsewhere with
 * `fetch` of the same URL. A host (the playground) may set its own loader.
 */
export type ZipTextLoader = () => Promise<string>

/** Candidate locations of the data: from src/domains/zip/ and from dist/. */
const CANDIDATES = ['../../../data/zip-dictionary.txt', '../data/zip-dictionary.txt']
const FS_MODULE = 'node:fs/promises'

async function readUrl(url: URL): Promise<string> {
  if (url.protocol === 'file:') {
    const fs = (await import(/* @vite-ignore */ FS_MODULE)) as { readFile(u: URL, enc: 'utf8'): Promise<string> }
    return fs.readFile(url, 'utf8')
  }
  const res = await fetch(url)
  if (!res.ok) throw new Error(`${url.href}: HTTP ${res.status}`)
  return res.text()
}

const defaultLoader: ZipTextLoader = async () => {
  let last: unknown
  for (const rel of CANDIDATES) {
    try {
      return await readUrl(new URL(rel, import.meta.url))
    } catch (e) {
      last = e
    }
  }
  throw last instanceof Error ? last : new Error('zip dictionary data not found')
}

let loader: ZipTextLoader = defaultLoader
let loading: Promise<ZipDictionary> | null = null

export function setZipTextLoader(next: ZipTextLoader): void {
  loader = next
  loading = null
}

/** The dictionary, loaded once per process. Rejects when the data has not been built. */
export function zipDictionary(): Promise<ZipDictionary> {
  if (!loading) {
    const p = loader().then((text) => new ZipDictionary(text))
    p.catch(() => {
      if (loading === p) loading = null
    })
    loading = p
  }
  return loading
}
