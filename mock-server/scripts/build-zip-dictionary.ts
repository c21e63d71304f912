/**
 * Build the emulator's zip dictionary (data/zip-dictionary.txt) from the Japan Post
 * dictionary (KEN_ALL plus business codes, with kana readings) that the npm package
 * `jquery-jpostal-ja` ships as `json/NNN.json` files (JSONP, one per 3-digit prefix).
 *
 * Run: `tsx scripts/build-zip-dictionary.ts [--if-stale]` (mock-server `prebuild` / `pretest`).
 * The output is generated, not checked in (data/.gitignore).
 *
 * Format of the text (see src/domains/zip/zip-dictionary.ts, which parses it):
 *   line 1            `krs-zip/1<TAB><source version><TAB><address rows>`
 *   `C` lines         `C<TAB>pref_code<TAB>addr1<TAB>addr1_yomi` — the city table, index = order
 *   address lines     `zip7<TAB>city index<TAB>addr2<TAB>addr2_yomi`, sorted by zip
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PREFECTURES } from '../src/lib/prefectures.js'

export const ZIP_FORMAT = 'krs-zip/1'
const here = dirname(fileURLToPath(import.meta.url))
export const ZIP_DATA_PATH = join(here, '..', 'data', 'zip-dictionary.txt')

/** Half-width katakana (and other compatibility forms) to full-width, dakuten composed. */
function fullWidthKana(s: string): string {
  return s.normalize('NFKC')
}

function clean(s: string): string {
  return s.replace(/[\t\r\n]/g, ' ')
}

export interface BuildResult {
  rows: number
  zips: number
  cities: number
  bytes: number
  version: string
}

/** Build the dictionary text from the package's JSON files. */
export function buildZipText(): { text: string; result: Omit<BuildResult, 'bytes'> } {
  const require = createRequire(import.meta.url)
  const pkgJson = require.resolve('jquery-jpostal-ja/package.json')
  const pkgDir = dirname(pkgJson)
  const version = (JSON.parse(readFileSync(pkgJson, 'utf8')) as { version: string }).version
  const prefCode = new Map<string, number>(PREFECTURES.map((p, i) => [p, i + 1]))
  const cityIndex = new Map<string, number>()
  const cityLines: string[] = []
  const rows: [string, number, string, string][] = []
  const jsonDir = join(pkgDir, 'json')
  for (const file of readdirSync(jsonDir)
    .filter((f) => /^\d{3}\.json$/.test(f))
    .sort()) {
    const src = readFileSync(join(jsonDir, file), 'utf8')
    const start = src.indexOf('(')
    const end = src.lastIndexOf(')')
    if (start < 0 || end < start) throw new Error(`${file}: not a JSONP file`)
    const data = JSON.parse(src.slice(start + 1, end)) as string[][]
    for (const r of data) {
      const id = r[0] ?? ''
      if (!/^_\d{7}$/.test(id)) continue
      const pref = r[1] ?? ''
      const code = prefCode.get(pref)
      if (code === undefined) throw new Error(`${file}: unknown prefecture "${pref}" for ${id}`)
      const city = clean(r[2] ?? '')
      const cityKana = clean(fullWidthKana(r[7] ?? ''))
      const key = `${code}\t${city}\t${cityKana}`
      let ci = cityIndex.get(key)
      if (ci === undefined) {
        ci = cityLines.length
        cityIndex.set(key, ci)
        cityLines.push(`C\t${key}`)
      }
      rows.push([id.slice(1), ci, clean(r[3] ?? ''), clean(fullWidthKana(r[8] ?? ''))])
    }
  }
  rows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
  const zips = new Set(rows.map((r) => r[0])).size
  const text = [
    `${ZIP_FORMAT}\tjquery-jpostal-ja@${version}\t${rows.length}`,
    ...cityLines,
    ...rows.map((r) => r.join('\t')),
    '',
  ].join('\n')
  return { text, result: { rows: rows.length, zips, cities: cityLines.length, version } }
}

/** Write data/zip-dictionary.txt (UTF-8). */
export function writeZipData(path = ZIP_DATA_PATH): BuildResult {
  const { text, result } = buildZipText()
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, text)
  return { ...result, bytes: Buffer.byteLength(text) }
}

/** Whether the data file exists and was built from the installed package version. */
export function isUpToDate(path = ZIP_DATA_PATH): boolean {
  if (!existsSync(path)) return false
  const require = createRequire(import.meta.url)
  const version = (
    JSON.parse(readFileSync(require.resolve('jquery-jpostal-ja/package.json'), 'utf8')) as { version: string }
  ).version
  const head = readFileSync(path, 'utf8').slice(0, 200).split('\n')[0]!.split('\t')
  return head[0] === ZIP_FORMAT && head[1] === `jquery-jpostal-ja@${version}`
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--if-stale') && isUpToDate()) {
    console.log(`zip dictionary: ${ZIP_DATA_PATH} is up to date`)
    process.exit(0)
  }
  const started = performance.now()
  const r = writeZipData()
  console.log(
    `zip dictionary: ${r.rows} addresses, ${r.zips} zip codes, ${r.cities} cities, ${(r.bytes / 1e6).toFixed(1)} MB ` +
      `(jquery-jpostal-ja@${r.version}) in ${Math.round(performance.now() - started)} ms → ${ZIP_DATA_PATH}`,
  )
}
