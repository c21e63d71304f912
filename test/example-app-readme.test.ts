import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

// The example app's README tells a team outside the repository how to copy the app and install
// the kit into it; scripts/example-app.mjs (run by `npm run test:slow`) runs those very commands,
// so the recipe stays one that works.
const readme = readFileSync(fileURLToPath(new URL('../examples/react-app/README.md', import.meta.url)), 'utf8')

it('the README\'s "outside the repository" block is the commands scripts/example-app.mjs runs', async () => {
  // a plain .mjs script of the repository (no declarations): imported by URL
  const steps = new URL('../scripts/example-app-steps.mjs', import.meta.url).href
  const { outsideCommands } = (await import(steps)) as { outsideCommands: string[] }
  const section = readme.slice(readme.indexOf('### リポジトリの外で使う'))
  expect(section.length).toBeLessThan(readme.length)
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? ''
  const lines = block.split('\n').filter((l) => l.trim() !== '')
  // the first line names the two folders; the rest is what the script runs, word for word
  expect(lines[0]).toMatch(/^export KRS_KIT=\S+ APP=\S+$/)
  expect(lines.slice(1)).toEqual(outsideCommands)
})
