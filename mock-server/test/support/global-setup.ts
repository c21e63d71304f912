import { isUpToDate, writeZipData, ZIP_DATA_PATH } from '../../scripts/build-zip-dictionary.js'

/**
 * Vitest global setup of the mock-server project: build the zip dictionary
 * (data/zip-dictionary.txt, generated, not checked in) when it is missing or was built from
 * another version of its source package, so that `vitest run` works on a fresh clone without
 * `npm run build:zip` (the root `npm test` runs vitest directly, not this package's pretest).
 */
export default function setup(): void {
  if (isUpToDate()) return
  const started = performance.now()
  const r = writeZipData()
  console.log(
    `[mock-server] built the zip dictionary: ${r.rows} addresses in ${Math.round(performance.now() - started)} ms → ${ZIP_DATA_PATH}`,
  )
}
