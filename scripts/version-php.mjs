#!/usr/bin/env node
// Release step for the PHP SDK (run by `npm run version` after `changeset version`): the
// Composer package takes the TypeScript SDK's version. It writes that version into
// sdk-php/composer.json and KrsClient::VERSION, and moves the pending notes of
// sdk-php/changes/*.md (one Markdown paragraph per change, Japanese first) into a new section
// of sdk-php/CHANGELOG.md, then deletes them. Running it again for the same version changes
// nothing. sdk-php/tests/ReleaseTest.php checks that the three stay in step.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const php = join(root, 'sdk-php')
const { version } = JSON.parse(readFileSync(join(root, 'sdk/package.json'), 'utf8'))

const composerPath = join(php, 'composer.json')
const composer = readFileSync(composerPath, 'utf8')
writeFileSync(composerPath, composer.replace(/"version": "[^"]*"/, `"version": "${version}"`))

const clientPath = join(php, 'src/KrsClient.php')
const client = readFileSync(clientPath, 'utf8')
writeFileSync(clientPath, client.replace(/public const VERSION = '[^']*';/, `public const VERSION = '${version}';`))

const changesDir = join(php, 'changes')
const notes = existsSync(changesDir)
  ? readdirSync(changesDir)
      .filter((f) => f.endsWith('.md') && f !== 'README.md')
      .sort()
  : []
const logPath = join(php, 'CHANGELOG.md')
const log = readFileSync(logPath, 'utf8')
let written = 0
if (!log.includes(`\n## ${version}\n`)) {
  const entries = notes.map((f) => `- ${readFileSync(join(changesDir, f), 'utf8').trim().replace(/\n/g, '\n  ')}`)
  const body =
    entries.length > 0
      ? entries.join('\n')
      : '- TypeScript SDK と同じ版にそろえました（PHP SDK そのものの変更はありません）。'
  const [head, ...rest] = log.split(/\n(?=## )/)
  writeFileSync(
    logPath,
    [head.trimEnd(), `## ${version}\n\n${body}\n`, ...rest].join('\n\n').replace(/\n{3,}/g, '\n\n'),
  )
  for (const f of notes) rmSync(join(changesDir, f))
  written = notes.length
}
process.stdout.write(`sdk-php: version ${version}; ${written} change note(s) moved into CHANGELOG.md\n`)
