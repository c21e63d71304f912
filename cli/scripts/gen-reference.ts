/**
 * Writes the docs site's CLI reference page (playground/docs/cli-reference.md) from the
 * contract's registry and the krs command table.
 *   tsx cli/scripts/gen-reference.ts           write it (only when it changed)
 *   tsx cli/scripts/gen-reference.ts --check   exit 1 ("stale: ...") when it differs
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { silentIo } from '../src/io.js'
import { setLang } from '../src/i18n/lang.js'
import { referenceMarkdown, referencePath } from '../src/reference/reference-markdown.js'
import { buildProgram } from '../src/program.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
const file = join(root, referencePath)

// The page is the Japanese help.
setLang('ja')
const text = referenceMarkdown(await buildProgram(silentIo(root), () => true))
const current = await readFile(file, 'utf8').catch(() => null)
if (process.argv.includes('--check')) {
  if (current === text) {
    console.log(`${referencePath} is up to date`)
  } else {
    console.error(
      `${current === null ? 'missing' : 'stale'}: ${referencePath} (run npm run gen:reference -w @krs-kit/cli)`,
    )
    process.exitCode = 1
  }
} else if (current !== text) {
  await writeFile(file, text)
  console.log(`wrote ${referencePath}`)
} else {
  console.log(`${referencePath} is up to date`)
}
