import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/** Script URLs a page loads up front: script tags and script preloads, in document order. */
export function firstLoadScripts(html: string): { src: string; how: 'script' | 'preload' }[] {
  const out: { src: string; how: 'script' | 'preload' }[] = []
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)) out.push({ src: m[1]!, how: 'script' })
  for (const m of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = m[0]
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1]
    if (href && /\brel="preload"/.test(tag) && /\bas="script"/.test(tag)) out.push({ src: href, how: 'preload' })
  }
  // The late starter (plugins/patches/ssr-template.ts) names the page's scripts in an inline
  // script (minified with the page).
  for (const inline of html.matchAll(/<script>([\s\S]*?)<\/script>/g))
    for (const m of inline[1]!.matchAll(/"(\/[^"\s]*\.js)"/g)) out.push({ src: m[1]!, how: 'script' })
  const seen = new Set<string>()
  return out.filter((s) => !seen.has(s.src) && seen.add(s.src))
}

/** A built file's size, as it is and gzipped at level 9. */
export function fileSize(buildDir: string, src: string): { raw: number; gz: number } {
  const bytes = readFileSync(join(buildDir, src.replace(/^\//, '')))
  return { raw: bytes.byteLength, gz: gzipSync(bytes, { level: 9 }).byteLength }
}

/** The first-load JavaScript of one built page: its scripts and their summed sizes. */
export function firstLoad(
  buildDir: string,
  htmlFile: string,
): { scripts: { src: string; how: string; raw: number; gz: number }[]; raw: number; gz: number } {
  const scripts = firstLoadScripts(readFileSync(join(buildDir, htmlFile), 'utf8'))
    .filter((s) => !/^https?:/.test(s.src))
    .map((s) => ({ ...s, ...fileSize(buildDir, s.src) }))
  return {
    scripts,
    raw: scripts.reduce((a, s) => a + s.raw, 0),
    gz: scripts.reduce((a, s) => a + s.gz, 0),
  }
}
