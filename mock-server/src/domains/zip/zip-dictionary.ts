import { PREFECTURES } from '../../lib/prefectures.js'
/**
 * The zip → address dictionary, parsed from the compact text that
 * scripts/build-zip-dictionary.ts generates from Japan Post's data (with kana readings).
 * Platform-neutral: it only parses a string; where the string comes from is `zip-source.ts`.
 */
export interface ZipAddress {
  pref_code: number
  pref: string
  addr1: string
  addr2: string
  addr1_yomi: string
  addr2_yomi: string
}

export const ZIP_FORMAT = 'krs-zip/1'

interface City {
  pref: number
  name: string
  yomi: string
}

export class ZipDictionary {
  /** Source of the data, e.g. "jquery-jpostal-ja@2.14.73". */
  readonly source: string
  private readonly cities: City[] = []
  private readonly zips: string[] = []
  private readonly cityOf: Int32Array
  private readonly town: string[] = []
  private readonly townYomi: string[] = []

  constructor(text: string) {
    const lines = text.split('\n')
    const head = (lines[0] ?? '').split('\t')
    if (head[0] !== ZIP_FORMAT) throw new Error(`zip dictionary: expected format ${ZIP_FORMAT}, got "${head[0]}"`)
    this.source = head[1] ?? ''
    const total = Number(head[2])
    this.cityOf = new Int32Array(Number.isInteger(total) && total > 0 ? total : lines.length)
    let n = 0
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i]!
      if (line === '') continue
      const f = line.split('\t')
      if (f[0] === 'C') {
        this.cities.push({ pref: Number(f[1]), name: f[2] ?? '', yomi: f[3] ?? '' })
        continue
      }
      this.zips.push(f[0]!)
      this.cityOf[n++] = Number(f[1])
      this.town.push(f[2] ?? '')
      this.townYomi.push(f[3] ?? '')
    }
    if (n !== this.zips.length) throw new Error('zip dictionary: row count mismatch')
  }

  /** Number of address rows. */
  get size(): number {
    return this.zips.length
  }

  /** Every address of a 7-digit zip code, in dictionary order (empty when unknown). */
  lookup(zip7: string): ZipAddress[] {
    const zips = this.zips
    let lo = 0
    let hi = zips.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (zips[mid]! < zip7) lo = mid + 1
      else hi = mid
    }
    const out: ZipAddress[] = []
    for (let i = lo; i < zips.length && zips[i] === zip7; i++) {
      const c = this.cities[this.cityOf[i]!]!
      out.push({
        pref_code: c.pref,
        pref: PREFECTURES[c.pref - 1] ?? '',
        addr1: c.name,
        addr2: this.town[i]!,
        addr1_yomi: c.yomi,
        addr2_yomi: this.townYomi[i]!,
      })
    }
    return out
  }
}
