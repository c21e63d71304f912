import type { Faker } from '@faker-js/faker'
import { lazyDependency } from '../../../lib/lazy-dependency.js'
import { dayFromParts } from '../../../lib/day-number.js'
import { ROW_MASK } from '../chunks.js'
import { BoolColumn, IntColumn, MultiColumn, NumberColumn, StringColumn } from '../member-columns.js'
import type { MemberElement, MemberTableState } from '../member-db-state.js'
import { nextAutogen } from './autogen.js'
import { optionsOf } from './fixed-options.js'
import { generatePassword, hashPassword } from './password.js'
import { FAMILY_NAMES, FAMILY_ROMAJI, FEMALE_NAMES, MALE_NAMES } from './japanese-names.js'
import type { FakeKind } from '../member-db-scenario.js'
import { seededRandom } from '../../../lib/seeded-random.js'

// the ja entry point alone: '@faker-js/faker' loads every locale; loaded by the first
// generation that draws a company name, a sentence or a city
const fakerJa = lazyDependency<{ faker: Faker }>('@faker-js/faker/locale/ja', () => import('@faker-js/faker/locale/ja'))

const DOMAINS: [string, number][] = [
  ['example.com', 30],
  ['example.jp', 18],
  ['example.ne.jp', 10],
  ['docomo.ne.jp', 10],
  ['ezweb.ne.jp', 7],
  ['au.com', 4],
  ['softbank.ne.jp', 6],
  ['i.softbank.jp', 12],
  ['pdx.ne.jp', 1],
  ['example.org', 2],
]
const DOMAIN_TABLE: string[] = DOMAINS.flatMap(([d, w]) => Array<string>(w).fill(d))

/** Prefecture weights roughly by population (Tokyo, Kanagawa, Osaka, Aichi, Saitama, ...). */
const PREF_TABLE: number[] = Array.from({ length: 47 }, (_, i) => i + 1).flatMap((p) =>
  Array<number>(
    p === 13
      ? 14
      : p === 14 || p === 27
        ? 8
        : p === 23 || p === 11 || p === 12
          ? 6
          : p === 1 || p === 40 || p === 28
            ? 4
            : 1,
  ).fill(p),
)

function defaultFake(el: MemberElement): FakeKind {
  switch (el.type) {
    case 'email':
      return 'email'
    case 'date':
      return 'birthday'
    case 'textarea':
    case 'encrypted_text':
      return 'sentence'
    case 'text':
      return 'word'
    default:
      return 'none'
  }
}

function pool<T>(n: number, make: (_: unknown, k: number) => T): T[] {
  return Array.from({ length: n }, make)
}

export interface GenerateOptions {
  count: number
  seed: number
  now: number
  fakes: Map<number, FakeKind | undefined>
  /** First autogen numbers already taken for these members (reserveAutogen), by element id. */
  autogen?: Map<number, number>
}

/**
 * Append `count` realistic members to a table, column by column: names with matching
 * readings, unique e-mail addresses over PC and mobile domains, birthdays, prefectures
 * weighted by population, and values valid for each element's config. Seeded: the same seed
 * gives the same members. Pools of faker (ja) values keep millions of rows fast.
 */
export function generateMembers(table: MemberTableState, o: GenerateOptions): void {
  const n = o.count
  if (n <= 0) return
  const rnd = seededRandom(o.seed * 7919 + table.id)
  // seeded before its first draw, as every draw of this table comes after it
  let seeded: Faker | null = null
  const fakerJA = () => {
    if (seeded === null) {
      seeded = fakerJa.get().faker
      seeded.seed(o.seed + table.id)
    }
    return seeded
  }
  const cols = table.members
  const start = cols.rows
  cols.reserve(start + n)
  const fam = new Uint8Array(n),
    given = new Uint8Array(n),
    sex = new Uint8Array(n)
  for (let i = 0; i < n; i++) {
    fam[i] = Math.floor(rnd() * FAMILY_NAMES.length)
    sex[i] = rnd() < 0.48 ? 1 : 2
    given[i] = Math.floor(rnd() * (sex[i] === 1 ? MALE_NAMES.length : FEMALE_NAMES.length))
  }
  const fill = (col: StringColumn, f: (i: number) => string | null) => {
    for (let i = 0; i < n; i++) col.values.set(start + i, f(i))
  }
  const span = 5 * 365 * 86400
  for (let i = 0; i < n; i++) {
    const row = start + i
    cols.id.set(row, cols.nextId + i)
    cols.alive.set(row, 1)
    const regist = o.now - Math.floor(rnd() * span)
    cols.regist_date.set(row, regist)
    cols.update_date.set(row, regist + Math.floor(rnd() * (o.now - regist)))
  }
  // faker pools, made on first use and no larger than the member count (fast small tenants)
  let companyPool: string[] | null = null,
    sentencePool: string[] | null = null
  const companies = () => (companyPool ??= pool(Math.min(200, n), () => fakerJA().company.name()))
  const sentences = () => (sentencePool ??= pool(Math.min(300, n), () => fakerJA().lorem.sentence()))

  for (const el of table.elements) {
    const col = cols.columns.get(el.id)
    if (!col) continue
    const fake = o.fakes.get(el.id) ?? defaultFake(el)
    const cfg = el.config
    if (col instanceof StringColumn) {
      switch (el.type) {
        case 'email':
          fill(
            col,
            (i) =>
              `${FAMILY_ROMAJI[fam[i]!]}.${(cols.nextId + i).toString(36)}${el.id}@${DOMAIN_TABLE[Math.floor(rnd() * DOMAIN_TABLE.length)]!}`,
          )
          continue
        case 'password': {
          const p = pool(256, () => generatePassword(cfg, rnd))
          fill(col, () => p[Math.floor(rnd() * p.length)]!)
          continue
        }
        case 'hashed_password': {
          const p = pool(64, () => hashPassword(generatePassword(cfg, rnd), rnd))
          fill(col, () => p[Math.floor(rnd() * p.length)]!)
          continue
        }
        case 'zip': {
          const p = pool(
            4096,
            () => `${100 + Math.floor(rnd() * 900)}-${String(Math.floor(rnd() * 10000)).padStart(4, '0')}`,
          )
          fill(col, (i) => (rnd() < 0.9 ? p[i & 4095]! : null))
          continue
        }
        case 'telephone': {
          const p = pool(
            4096,
            () =>
              `0${[90, 80, 70][Math.floor(rnd() * 3)]}-${String(Math.floor(rnd() * 10000)).padStart(4, '0')}-${String(Math.floor(rnd() * 10000)).padStart(4, '0')}`,
          )
          fill(col, () => (rnd() < 0.85 ? p[Math.floor(rnd() * 4096)]! : null))
          continue
        }
        case 'url': {
          const p = pool(1024, (_, k) => `https://www.example.com/~${FAMILY_ROMAJI[k % FAMILY_ROMAJI.length]}${k}`)
          fill(col, (i) => (rnd() < 0.1 ? p[i & 1023]! : null))
          continue
        }
        case 'auth': {
          const p = pool(1024, () =>
            Math.floor(rnd() * 0xffffffff)
              .toString(16)
              .padStart(8, '0'),
          )
          fill(col, (i) => (rnd() < 0.3 ? p[i & 1023]! : null))
          continue
        }
        case 'encrypted_text':
          fill(
            col,
            (
              (p) => () =>
                rnd() < 0.3 ? p[Math.floor(rnd() * p.length)]! : ''
            )(sentences()),
          )
          continue
      }
      const max = cfg.max ?? 255
      const fit = (s: string | null) => (s === null ? null : [...s].slice(0, max).join(''))
      switch (fake) {
        case 'name':
        case 'kana': {
          const k = fake === 'name' ? 0 : 1
          const p = [MALE_NAMES, FEMALE_NAMES].map((g) => FAMILY_NAMES.map((f) => g.map((x) => `${f[k]} ${x[k]}`)))
          fill(col, (i) => p[sex[i]! - 1]![fam[i]!]![given[i]!]!)
          break
        }
        case 'company': {
          const p = companies().map(fit)
          fill(col, () => (rnd() < 0.7 ? p[Math.floor(rnd() * p.length)]! : null))
          break
        }
        case 'sentence': {
          const p = sentences().map(fit)
          fill(col, () => (rnd() < 0.5 ? p[Math.floor(rnd() * p.length)]! : null))
          break
        }
        case 'login': {
          const p = FAMILY_ROMAJI.map((r) => pool(256, (_, k) => `${r}${1000 + k * 37}`.slice(0, max)))
          fill(col, (i) => p[fam[i]!]![i & 255]!)
          break
        }
        case 'city': {
          const p = pool(Math.min(200, n), () => fakerJA().location.city()).map(fit)
          fill(col, () => p[Math.floor(rnd() * p.length)]!)
          break
        }
        default:
          break // 'none', 'word' and others: left blank
      }
    } else if (col instanceof IntColumn && col.kind === 'date') {
      const lo = dayFromParts(Math.max(cfg.min_year ?? 1950, 1950), 1, 1)
      const hi = dayFromParts(Math.min(cfg.max_year ?? 2007, 2007), 12, 31)
      for (let i = 0; i < n; i++) if (rnd() < 0.92) col.values.set(start + i, lo + Math.floor(rnd() * (hi - lo + 1)))
    } else if (col instanceof IntColumn) {
      const ids = Object.keys(optionsOf(el)).map(Number)
      for (let i = 0; i < n; i++) {
        col.values.set(
          start + i,
          el.type === 'sex'
            ? sex[i]!
            : el.type === 'prefecture'
              ? PREF_TABLE[Math.floor(rnd() * PREF_TABLE.length)]!
              : el.required || rnd() < 0.8
                ? (ids[Math.floor(rnd() ** 2 * ids.length)] ?? 0)
                : 0,
        )
      }
    } else if (col instanceof BoolColumn) {
      for (let i = 0; i < n; i++) {
        const x = rnd()
        col.values.set(start + i, el.type === 'checkbox' ? (x < 0.95 ? 1 : 0) : x < 0.65 ? 1 : x < 0.95 ? 0 : -1)
      }
    } else if (col instanceof MultiColumn) {
      const ids = col.optionIds
      const cap = cfg.max ?? ids.length
      const masks = pool(512, () => {
        const chosen: number[] = []
        for (const id of ids) if (chosen.length < cap && rnd() < 0.22) chosen.push(id)
        return col.maskOf(chosen)
      })
      const W = col.words
      for (let i = 0; i < n; i++) {
        const m = masks[Math.floor(rnd() * 512)]!
        const row = start + i
        const chunk = col.bits.write(row)
        for (let w = 0; w < W; w++) chunk[(row & ROW_MASK) * W + w] = m[w]!
      }
    } else if (col instanceof NumberColumn && col.kind === 'autogen') {
      const step = el.config.add_option ?? 1
      const reserved = o.autogen?.get(el.id)
      const first = reserved ?? nextAutogen(table, el)
      for (let i = 0; i < n; i++) col.values.set(start + i, first + i * step)
      if (reserved === undefined) table.autogenNext[String(el.id)] = first + n * step
    } else if (col instanceof NumberColumn) {
      const lo = cfg.min ?? 0,
        hi = Math.min(cfg.max ?? 100000, 100000)
      for (let i = 0; i < n; i++) if (rnd() < 0.8) col.values.set(start + i, lo + Math.floor(rnd() * (hi - lo + 1)))
    }
  }
  cols.rows = start + n
  cols.count += n
  cols.nextId += n
  cols.version++
}
