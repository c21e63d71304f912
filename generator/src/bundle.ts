import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import type { OpenApiDocument } from './openapi-model.js'

const run = promisify(execFile)

export interface Bundle {
  doc: OpenApiDocument
  /** The bundle as written to spec/dist/openapi.json: 2-space JSON and a final newline. */
  json: string
}

/** Serialises a bundled document the one way the generator writes it. */
export function serializeBundle(doc: unknown): string {
  return `${JSON.stringify(doc, null, 2)}\n`
}

/** Redocly's output without its boxed "Node 20 support is ending" notice. */
function redoclyMessages(output: string): string {
  return output
    .split('\n')
    .filter((l) => !/[║╔╗╚╝═]/.test(l))
    .join('\n')
    .trim()
}

/**
 * Bundles `specPath` (a root OpenAPI file) with the local `@redocly/cli bundle` into one
 * JSON document with only local `$ref`s. Throws with Redocly's messages when it fails
 * (for example an unresolved `$ref`).
 */
export async function bundleContract(specPath: string, repoRoot: string): Promise<Bundle> {
  const dir = await mkdtemp(join(tmpdir(), 'krs-bundle-'))
  const out = join(dir, 'openapi.json')
  try {
    const redocly = join(repoRoot, 'node_modules', '.bin', 'redocly')
    try {
      await run(redocly, ['bundle', resolve(repoRoot, specPath), '-o', out], {
        cwd: repoRoot,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
        maxBuffer: 16 * 1024 * 1024,
      })
    } catch (e) {
      const err = e as { stdout?: string; stderr?: string; message: string }
      const messages = redoclyMessages(`${err.stdout ?? ''}\n${err.stderr ?? ''}`)
      throw new Error(`redocly bundle ${specPath} failed:\n${messages || err.message}`)
    }
    const doc = JSON.parse(await readFile(out, 'utf8')) as OpenApiDocument
    return { doc, json: serializeBundle(doc) }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
