import { generateSync } from 'json-schema-faker'

/**
 * Ids that exist in the emulator's default scenario (mock-server/src/scenario/default-scenario.ts):
 * member table 1 with its e-mail field 4, condition 1, member 1.
 */
export const SCENARIO_IDS: Readonly<Record<string, number>> = {
  member_table_id: 1,
  condition_id: 1,
  member_id: 1,
  element_id: 4,
}

/** A member of table 1 the emulator accepts (e-mail unique per seed, password rules of field 5). */
export function sampleMember(seed: number): Record<string, unknown> {
  return { e_4: `playground-${seed}@example.com`, e_5: `pass${seed}word`, e_6: 'プレイグラウンド 太郎' }
}

/** An HTML + text mail with a click count and the open count, as the emulator's tests send. */
export const sampleMailInfo = {
  type: 3,
  from: 'info@example.com',
  from_desc: '事務局',
  subject: '{{e_6}}様へのお知らせ',
  text_part: '{{e_6}} 様\n詳細 https://www.example.com/a/\n',
  html_part: '<html><body><a href="https://www.example.com/a/">詳細</a></body></html>',
  clickcounts: [{ url: 'https://www.example.com/a/', days: 7, outdated_url: '' }],
  open_clickcount: true,
}

/** Fields whose value is an instant in the emulator's clock: a little after `now`. */
const FUTURE_DATES = new Set(['delivery_date'])

interface FixOptions {
  seed: number
  now: number
  curated: boolean
  ids: Readonly<Record<string, number>>
  memberInfo: Record<string, unknown>
}

function fixIds(value: unknown, o: FixOptions): unknown {
  if (Array.isArray(value)) return value.map((v) => fixIds(v, o))
  if (typeof value !== 'object' || value === null) return value
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) {
    if (k in o.ids && typeof v === 'number') out[k] = o.ids[k]
    else if (FUTURE_DATES.has(k) && typeof v === 'number') out[k] = o.now + 600
    else if (k === 'member_info' && typeof v === 'object' && v !== null && !Array.isArray(v))
      out[k] = { ...o.memberInfo }
    else if (o.curated && k === 'mail_info' && typeof v === 'object' && v !== null) out[k] = { ...sampleMailInfo }
    else out[k] = fixIds(v, o)
  }
  return out
}

/** Options of exampleBody. */
export interface ExampleOptions {
  seed: number
  now: number
  accept?: (v: unknown) => boolean
  /**
   * Ids that exist on the chosen target, by request key (member_table_id, mail_message_id, ...).
   * Keys it lacks fall back to the default scenario's (SCENARIO_IDS).
   */
  ids?: Readonly<Record<string, number>>
  /** member_info for the target's table (its required elements); default: sampleMember(seed). */
  memberInfo?: Record<string, unknown>
}

/**
 * A body for the schema: json-schema-faker with the seed (required properties only, the
 * contract's examples preferred), then the ids replaced by ones that exist on the target
 * (or in the default scenario). `accept` (the validator) decides; up to 30 tries, the last
 * try is returned.
 */
export function exampleBody(schema: object | boolean, options: ExampleOptions): unknown {
  if (typeof schema === 'boolean') return {}
  let last: unknown = {}
  const optionals = [0, 0.5, 1]
  for (let i = 0; i < 30; i++) {
    const seed = options.seed + i
    let raw: unknown
    try {
      raw = generateSync(schema as never, {
        seed,
        optionalsProbability: optionals[i % 3]!,
        useExamplesValue: true,
        maxDepth: 6,
      })
    } catch {
      continue
    }
    for (const curated of [true, false]) {
      last = fixIds(raw, {
        seed: options.seed,
        now: options.now,
        curated,
        ids: { ...SCENARIO_IDS, ...options.ids },
        memberInfo: options.memberInfo ?? sampleMember(options.seed),
      })
      if (!options.accept || options.accept(last)) return last
    }
  }
  return last
}
