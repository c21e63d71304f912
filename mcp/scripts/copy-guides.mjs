#!/usr/bin/env node
/**
 * Copies the documentation site's guides (playground/docs, Markdown and MDX) into mcp/guides
 * as Markdown, so the package ships them as resources (`krs://guides/...`). MDX `import`
 * and `export` lines are dropped: they are the site's code, not text. Run by the build.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const docs = join(here, '..', '..', 'playground', 'docs')
const out = join(here, '..', 'guides')

rmSync(out, { recursive: true, force: true })
let count = 0
for (const entry of readdirSync(docs, { withFileTypes: true, recursive: true })) {
  if (!entry.isFile() || !/\.mdx?$/.test(entry.name)) continue
  const source = join(entry.parentPath, entry.name)
  const target = join(out, relative(docs, source)).replace(/\.mdx$/, '.md')
  let text = readFileSync(source, 'utf8')
  if (source.endsWith('.mdx')) text = text.replace(/^(?:import|export) .*\n/gm, '')
  mkdirSync(dirname(target), { recursive: true })
  writeFileSync(target, text)
  count++
}
if (count === 0) {
  process.stderr.write(`copy-guides: no guides found in ${docs}\n`)
  process.exit(1)
}
