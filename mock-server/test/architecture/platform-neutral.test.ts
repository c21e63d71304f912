import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const src = fileURLToPath(new URL('../../src/', import.meta.url))

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? filesUnder(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  )
}

// The same engine runs in Node, in the browser (MSW, the playground) and in workers: the
// folders the browser bundles must not need Node.
describe('platform-neutral engine', () => {
  for (const folder of ['kernel', 'lib', 'admin', 'msw']) {
    it(`src/${folder} imports no node: module and no Node-only package`, () => {
      const offenders = filesUnder(join(src, folder)).filter((f) =>
        /from\s+['"](?:node:|fs['"]|path['"]|http['"]|os['"])/.test(readFileSync(f, 'utf8')),
      )
      expect(offenders).toEqual([])
    })
  }
})
