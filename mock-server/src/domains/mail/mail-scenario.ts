import type { TenantState } from '../../kernel/tenant-state.js'
import type { BounceRule, MailContent, MailDeliverySettings, MailType } from './mail-state.js'

/**
 * The scenario section of emulator part 2, key `delivery` (JSON or YAML; the scenario
 * schema keeps it an open object until the lead merges `mailDeliveryScenarioSchema`). Every key is
 * optional; the defaults below apply. The lead merges `mailDeliveryScenarioSchema` into the
 * scenario's JSON Schema.
 *
 * ```yaml
 * delivery:
 *   timing:                       # phase durations grow with the number of targets
 *     list_base_seconds: 30       # phase 1 (building the list): 30 s + 1 s per 1,000 targets
 *     list_seconds_per_1000: 1
 *     handover_base_seconds: 60   # phase 2 (handover): 60 s + 10 s per 1,000 real targets
 *     handover_seconds_per_1000: 10
 *   bounces:                      # simulated delivery errors (address or "@domain")
 *     - { match: "@bounce.example.com", code: "5.1.1", desc: "宛先のメールボックスが存在しません" }
 *   error_rate: 0.01              # share of other addresses bouncing 5.1.1 (by address hash)
 *   unsubscribed: [bye@example.com]   # the unsubscribe list (unsubscribed_address)
 *   stopped: [stop@example.com]       # delivery-stopped addresses (stopped)
 *   error_counts: { "x@example.com": 2 }  # hard bounces already counted per address
 *   error_stop_threshold: 3       # an address with this many hard bounces is stopped
 *   agent_program_max: 20         # KR_API_F0227 above it
 *   click_retention_days: 90      # click logs are empty this long after the period ends
 *   public_base_url: http://mock.test   # base of rewritten click and unsubscribe URLs (default:
 *                                 # --public-url, else the origin the outbox was asked on)
 *   messages:                     # messages made in the admin screen, e.g. a decorated mail (type 4)
 *     - { member_table_id: 1, purpose: agent, type: 4, from: info@example.com, subject: 春のデコメ, html_part: "<p>…</p>" }
 * ```
 */
export const mailDeliveryScenarioSchema = {
  type: 'object',
  title: 'MailDeliveryScenario',
  description: 'Part 2 of the emulator: delivery timing, bounces, unsubscribe and stop lists, agent program maximum.',
  additionalProperties: false,
  properties: {
    timing: {
      type: 'object',
      additionalProperties: false,
      properties: {
        list_base_seconds: { type: 'number', minimum: 0 },
        list_seconds_per_1000: { type: 'number', minimum: 0 },
        handover_base_seconds: { type: 'number', minimum: 0 },
        handover_seconds_per_1000: { type: 'number', minimum: 0 },
      },
    },
    bounces: {
      type: 'array',
      items: {
        type: 'object',
        required: ['match', 'code'],
        additionalProperties: false,
        properties: {
          match: { type: 'string', minLength: 2, description: 'an address, or "@domain"' },
          code: { type: 'string', pattern: '^[245]\\.[0-9]{1,3}\\.[0-9]{1,3}$' },
          desc: { type: 'string' },
        },
      },
    },
    error_rate: { type: 'number', minimum: 0, maximum: 1 },
    unsubscribed: { type: 'array', items: { type: 'string' } },
    stopped: { type: 'array', items: { type: 'string' } },
    error_counts: { type: 'object', additionalProperties: { type: 'integer', minimum: 0 } },
    error_stop_threshold: { type: 'integer', minimum: 1 },
    agent_program_max: { type: 'integer', minimum: 0 },
    click_retention_days: { type: 'integer', minimum: 0 },
    public_base_url: { type: 'string' },
    messages: {
      type: 'array',
      items: {
        type: 'object',
        required: ['member_table_id', 'type', 'from', 'subject'],
        additionalProperties: false,
        properties: {
          member_table_id: { type: 'integer', minimum: 1 },
          purpose: { enum: ['normal', 'agent'] },
          type: { enum: [1, 2, 3, 4] },
          from: { type: 'string' },
          from_desc: { type: 'string' },
          subject: { type: 'string' },
          text_part: { type: 'string' },
          html_part: { type: 'string' },
        },
      },
    },
  },
} as const

/** Japanese descriptions of common SMTP enhanced status codes (bounce events without one). */
export const bounceDescriptions: Record<string, string> = {
  '5.1.1': '宛先のメールボックスが存在しません',
  '5.1.2': '宛先のドメインが存在しません',
  '5.2.1': '宛先のメールボックスが無効です',
  '5.7.1': '受信を拒否されました',
  '4.2.2': 'メールボックスの容量超過',
  '4.4.1': '宛先のサーバーに接続できません',
}

export const defaultBounces: BounceRule[] = [
  { match: '@bounce.example.com', code: '5.1.1', desc: bounceDescriptions['5.1.1']! },
  { match: '@full.example.jp', code: '4.2.2', desc: bounceDescriptions['4.2.2']! },
]

/** A message of the scenario (made in the admin screen). */
export interface ScenarioMessage {
  memberTableId: number
  purpose: 'normal' | 'agent'
  content: MailContent
}

export interface RawMailScenario {
  settings: MailDeliverySettings
  messages: ScenarioMessage[]
  unsubscribed: string[]
  stopped: string[]
  errorCounts: Record<string, number>
}

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const num = (v: unknown, d: number): number => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : d)
const strList = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').map((x) => x.trim().toLowerCase()) : []

/**
 * The raw `delivery` section of the tenant's scenario. TenantState does not carry its
 * scenario yet; this reads the places the scenario module may put it (`scenario`,
 * `scenarioSections`), and `undefined` means every default.
 */
export function rawMailSection(tenant: TenantState): unknown {
  const t = tenant as unknown as Obj
  for (const holder of [t.scenario, t.scenarioSections, t.sections]) {
    if (!isObj(holder)) continue
    if (holder.delivery !== undefined) return holder.delivery
    if (holder.mail_delivery !== undefined) return holder.mail_delivery
  }
  return undefined
}

/** Parse the section defensively: unknown or wrong values fall back to the defaults. */
export function parseMailScenario(raw: unknown): RawMailScenario {
  const o = isObj(raw) ? raw : {}
  const timing = isObj(o.timing) ? o.timing : {}
  const bounces = Array.isArray(o.bounces)
    ? o.bounces.filter(isObj).flatMap((b): BounceRule[] => {
        if (typeof b.match !== 'string' || typeof b.code !== 'string') return []
        const desc = typeof b.desc === 'string' ? b.desc : (bounceDescriptions[b.code] ?? '配信エラー')
        return [{ match: b.match.trim().toLowerCase(), code: b.code, desc }]
      })
    : defaultBounces
  const errorCounts: Record<string, number> = {}
  if (isObj(o.error_counts)) {
    for (const [k, v] of Object.entries(o.error_counts))
      if (typeof v === 'number' && v > 0) errorCounts[k.toLowerCase()] = Math.floor(v)
  }
  const messages = Array.isArray(o.messages)
    ? o.messages.filter(isObj).flatMap((m): ScenarioMessage[] => {
        const type = m.type
        if (typeof m.member_table_id !== 'number' || ![1, 2, 3, 4].includes(type as number)) return []
        const str = (v: unknown): string | null => (typeof v === 'string' ? v : null)
        return [
          {
            memberTableId: m.member_table_id,
            purpose: m.purpose === 'agent' ? 'agent' : 'normal',
            content: {
              type: type as MailType,
              allowHankana: false,
              from: str(m.from) ?? '',
              fromDesc: str(m.from_desc) ?? '',
              reply: null,
              replyDesc: '',
              subject: str(m.subject) ?? '',
              textPart: str(m.text_part),
              htmlPart: str(m.html_part),
              clickcounts: [],
              openClickcount: false,
              listUnsubscribe: { pattern: 0, url: null, email: null },
              oneclickSec: 0,
            },
          },
        ]
      })
    : []
  return {
    messages,
    settings: {
      timing: {
        listBaseSeconds: num(timing.list_base_seconds, 30),
        listSecondsPer1000: num(timing.list_seconds_per_1000, 1),
        handoverBaseSeconds: num(timing.handover_base_seconds, 60),
        handoverSecondsPer1000: num(timing.handover_seconds_per_1000, 10),
      },
      bounces,
      errorRate: Math.min(1, num(o.error_rate, 0)),
      errorStopThreshold: Math.max(1, Math.floor(num(o.error_stop_threshold, 3))),
      agentProgramMax: Math.floor(num(o.agent_program_max, 20)),
      clickRetentionDays: Math.floor(num(o.click_retention_days, 90)),
      // '' = not set: links follow --public-url or the origin the caller used (outbox)
      publicBaseUrl: typeof o.public_base_url === 'string' ? o.public_base_url.replace(/\/+$/, '') : '',
    },
    unsubscribed: strList(o.unsubscribed),
    stopped: strList(o.stopped),
    errorCounts,
  }
}
