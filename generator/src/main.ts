import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { ContractError } from './contract-error.js'
import { generate } from './generate.js'
import { compareOutput, writeOutput } from './output-files.js'
import { DEFAULT_ADMIN_SPEC, DEFAULT_SPEC, REPO_ROOT } from './repo-paths.js'

const USAGE = `usage: tsx generator/src/main.ts [--check] [--spec <root openapi file>]
  (no flag)  bundle the contract and write spec/dist/openapi.json and every src/generated/ file
             (plus the admin request bodies of ${DEFAULT_ADMIN_SPEC} for the emulator)
  --check    regenerate into a temporary folder and exit 1 if a checked-in file differs
  --spec     another contract root (default ${DEFAULT_SPEC}), relative to the repository root`

function parseFlags(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    options: { check: { type: 'boolean' }, spec: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  }).values
}

/** Runs the generator; returns the process exit code (0 ok, 1 stale files, 2 failure). */
export async function main(argv: readonly string[]): Promise<number> {
  let values: ReturnType<typeof parseFlags>
  try {
    values = parseFlags(argv)
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`)
    return 2
  }
  if (values.help === true) {
    console.log(USAGE)
    return 0
  }
  const spec = values.spec ?? DEFAULT_SPEC
  try {
    const gen = await generate(REPO_ROOT, spec, undefined, DEFAULT_ADMIN_SPEC)
    if (values.check === true) {
      const tmp = await mkdtemp(join(tmpdir(), 'krs-generate-check-'))
      try {
        await writeOutput(tmp, gen.files, [])
        const diffs = await compareOutput(tmp, REPO_ROOT, gen.ownedDirs)
        if (diffs.length === 0) {
          console.log('generated files are up to date')
          return 0
        }
        for (const d of diffs) console.error(`${d.kind}: ${d.path}`)
        console.error(
          `${diffs.length} generated file(s) differ from ${spec}: run \`npm run generate\` and commit the result`,
        )
        return 1
      } finally {
        await rm(tmp, { recursive: true, force: true })
      }
    }
    const changed = await writeOutput(REPO_ROOT, gen.files, gen.ownedDirs)
    for (const c of changed) console.log(`${c.action} ${c.path}`)
    console.log(
      `${gen.model.operations.length} operations, ${gen.model.errors.length} error codes, contract sha256 ${gen.model.hash}: ` +
        `${gen.files.length} files, ${changed.length} changed`,
    )
    return 0
  } catch (e) {
    if (e instanceof ContractError) console.error(e.message)
    else console.error(e instanceof Error ? e.message : String(e))
    return 2
  }
}

process.exitCode = await main(process.argv.slice(2))
