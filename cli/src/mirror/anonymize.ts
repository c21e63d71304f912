import { UsageError } from '../exit-codes.js'
import type { ElementInfo, TableInfo } from './pull.js'
import { isMissingPackage } from '../missing-package.js'

/**
 * Replaces names, addresses, phone numbers and free text of pulled members with faker (ja)
 * values of the same element type and config; unique elements stay unique.
 */
export async function anonymizeMembers(table: TableInfo, members: Record<string, unknown>[]): Promise<void> {
  const { fakerJA: faker } = await import('@faker-js/faker')
  faker.seed(table.id)
  for (const e of table.elements) {
    const key = `e_${e.id}`
    const seen = new Set<string>()
    for (const [i, m] of members.entries()) {
      if (typeof m[key] !== 'string' || m[key] === '') continue
      let value = fakeValue(faker, e, i)
      if (value === undefined) continue
      if (e.unique) {
        while (seen.has(value)) value = `${value}${i}`
        seen.add(value)
      }
      m[key] = value
    }
  }
}

type Faker = typeof import('@faker-js/faker').fakerJA

function clip(text: string, e: ElementInfo): string {
  const max = typeof e.config.max === 'number' ? e.config.max : undefined
  return max !== undefined ? text.slice(0, max) : text
}

function fakeValue(faker: Faker, e: ElementInfo, i: number): string | undefined {
  switch (e.type) {
    case 'email':
      return `user${i + 1}.${faker.string.alphanumeric(6).toLowerCase()}@example.com`
    case 'telephone':
      // a mobile number: 070, 080 or 090 and eight digits
      return `0${faker.helpers.arrayElement(['7', '8', '9'])}0-${faker.string.numeric(4)}-${faker.string.numeric(4)}`
    case 'zip':
      return `${faker.string.numeric(3)}-${faker.string.numeric(4)}`
    case 'url':
      return `https://example.com/${faker.string.alphanumeric(8).toLowerCase()}`
    case 'textarea':
      return clip(faker.lorem.sentence(), e)
    case 'text': {
      const kind = e.config.type
      if (kind === 'katakana') return clip('テストカイイン', e)
      if (kind === 'hiragana') return clip('てすとかいいん', e)
      if (kind === 'number') return clip(faker.string.numeric(8), e)
      if (kind === 'alphabet') return clip(faker.string.alpha(8), e)
      if (kind === 'alphanum' || kind === 'hankaku') return clip(faker.string.alphanumeric(8), e)
      if (/名前|氏名|名|name/i.test(e.name)) return clip(`${faker.person.lastName()} ${faker.person.firstName()}`, e)
      if (/住所|address/i.test(e.name)) return clip(`${faker.location.city()}${faker.location.street()}`, e)
      return clip(faker.lorem.word(), e)
    }
    default:
      return undefined
  }
}

/**
 * faker is an optional peer of the CLI (it would double the installed size of `krs` for one
 * option): refuse `--anonymize` before anything is sent when it is not installed.
 */
export async function requireFaker(): Promise<void> {
  try {
    await import('@faker-js/faker')
  } catch (e) {
    if (!isMissingPackage(e, '@faker-js/faker')) throw e
    throw new UsageError(
      'scenario pull --anonymize: needs @faker-js/faker, which is not installed; install it with: npm install -D @faker-js/faker@10',
    )
  }
}
