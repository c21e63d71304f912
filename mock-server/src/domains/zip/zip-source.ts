import { ZipDictionary } from './zip-dictionary.js'

/**
 * Where the zip dictionary text comes from: an engine option (`createEngine({ zipText })`),
 * by default `bundledZipText`, the generated file `data/zip-dictionary.txt`
 * (scripts/build-zip-dictionary.ts) read on first use: in Node with `fs` (imported
 * dynamically, so the engine has no static `node:` import), elsewhere with `fetch` of the
 * same URL. A host without that file (the playground's worker) passes its own loader.
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

/** The bundled data file (the default of the `zipText` engine option). */
export const bundledZipText: ZipTextLoader = async () => {
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

/**
 * Dictionaries by loader: parsed once per loader, so every engine on the bundled data shares
 * one (it is read-only) and an engine with its own loader has its own.
 */
const loaded = new WeakMap<ZipTextLoader, Promise<ZipDictionary>>()

/** The dictionary of a loader, loaded on first use. Rejects when the text cannot be had; a later call tries again. */
export function zipDictionary(loader: ZipTextLoader): Promise<ZipDictionary> {
  let p = loaded.get(loader)
  if (p === undefined) {
    const loading = loader().then((text) => new ZipDictionary(text))
    loading.catch(() => {
      if (loaded.get(loader) === loading) loaded.delete(loader)
    })
    loaded.set(loader, loading)
    p = loading
  }
  return p
}
