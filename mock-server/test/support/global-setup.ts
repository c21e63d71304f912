import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { isUpToDate, writeZipData, ZIP_DATA_PATH } from '../../scripts/build-zip-dictionary.js'

const buildJs = fileURLToPath(new URL('../../scripts/build-js.mjs', import.meta.url))

/**
 * Vitest global setup of the mock-server project, so that `vitest run` works on a fresh clone
 * and never runs stale code:
 * - the zip dictionary (data/zip-dictionary.txt, generated, not checked in) when it is missing
 *   or was built from another version of its source package (the root `npm test` runs vitest
 *   directly, not this package's pretest);
 * - the JavaScript of dist/ when a source is newer (scripts/build-js.mjs; instant when
 *   nothing changed): the tests that start krs-mock as a process run the built bin.
 */
export default function setup(): void {
  if (!isUpToDate()) {
    const started = performance.now()
    const r = writeZipData()
    console.log(
      `[mock-server] built the zip dictionary: ${r.rows} addresses in ${Math.round(performance.now() - started)} ms → ${ZIP_DATA_PATH}`,
    )
  }
  const r = spawnSync(process.execPath, [buildJs], { stdio: 'inherit' })
  if (r.status !== 0) throw new Error(`scripts/build-js.mjs failed (exit ${r.status ?? r.signal})`)
}
