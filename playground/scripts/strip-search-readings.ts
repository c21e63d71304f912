/**
 * Run after `docusaurus build`: the kana readings that plugins/search-readings adds to each
 * section (a hidden block at the end of the section) stay in the search index, so that kana
 * queries find the page, but are removed from the text the search results quote, so that
 * readers never see "配信 はいしん ハイシン、" in a result. The readings sit at the end of a
 * section's text, so the positions of matches in the real text do not move; a match in the
 * readings is quoted from the end of the section's real text.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

interface IndexPart {
  documents: { t?: string; [key: string]: unknown }[]
  [key: string]: unknown
}

const decode = (s: string): string =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')

/** The readings blocks of the built pages, as the indexer condenses them (single spaces). */
export function readingsTexts(html: string): string[] {
  return [...html.matchAll(/<div class="search-readings"[^>]*>([^<]*)<\/div>/g)]
    .map((m) => decode(m[1]!).replace(/\s+/g, ' ').trim())
    .filter((t) => t !== '')
}

/** `text` without any of the readings blocks. */
export function withoutReadings(text: string, readings: readonly string[]): string {
  let out = text
  for (const r of readings) if (out.includes(r)) out = out.split(r).join('')
  return out.replace(/\s+$/, '')
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name)
    return statSync(p).isDirectory() ? htmlFiles(p) : name.endsWith('.html') ? [p] : []
  })
}

export function stripSearchReadings(buildDir: string): { documents: number; changed: number } {
  const readings = [...new Set(htmlFiles(buildDir).flatMap((f) => readingsTexts(readFileSync(f, 'utf8'))))].sort(
    (a, b) => b.length - a.length,
  )
  let documents = 0
  let changed = 0
  for (const name of readdirSync(buildDir).filter((n) => /^search-index.*\.json$/.test(n))) {
    const file = join(buildDir, name)
    const parts = JSON.parse(readFileSync(file, 'utf8')) as IndexPart[]
    for (const part of parts) {
      for (const doc of part.documents) {
        documents += 1
        if (typeof doc.t !== 'string') continue
        const t = withoutReadings(doc.t, readings)
        if (t !== doc.t) {
          doc.t = t
          changed += 1
        }
      }
    }
    writeFileSync(file, JSON.stringify(parts))
  }
  return { documents, changed }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // the build directory: the argument (`npm start` builds beside the served site), else build/
  const buildDir = process.argv[2] ?? join(fileURLToPath(new URL('..', import.meta.url)), 'build')
  const { documents, changed } = stripSearchReadings(buildDir)
  console.log(`[strip-search-readings] ${changed} of ${documents} search documents quoted without their readings`)
}
