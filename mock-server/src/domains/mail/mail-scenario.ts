import type { TenantState } from '../../kernel/tenant-state.js'
import type { BounceRule, MailContent, MailDeliverySettings, MailType } from './mail-state.js'

/**
 * The mail domain's scenario section, key `delivery` (JSON or YAML; the scenario
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
  description: 'Mail delivery: delivery timing, bounces, unsubscribe and stop lists, agent program maximum.',
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

/** The scenario's `delivery` section, as `mailDeliveryScenarioSchema` lets it through. */
export interface DeliveryScenario {
  timing?: {
    list_base_seconds?: number
    list_seconds_per_1000?: number
    handover_base_seconds?: number
    handover_seconds_per_1000?: number
  }
  bounces?: { match: string; code: string; desc?: string }[]
  error_rate?: number
  unsubscribed?: string[]
  stopped?: string[]
  error_counts?: Record<string, number>
  error_stop_threshold?: number
  agent_program_max?: number
  click_retention_days?: number
  public_base_url?: string
  messages?: {
    member_table_id: number
    purpose?: 'normal' | 'agent'
    type: MailType
    from: string
    from_desc?: string
    subject: string
    text_part?: string
    html_part?: string
  }[]
}

declare module '../../kernel/tenant-state.js' {
  interface ScenarioSections {
    /** The mail module's section (validated by its part of the scenario schema). */
    delivery?: DeliveryScenario
  }
}

/** The `delivery` section of the tenant's scenario (`undefined`: every default). */
export function mailSectionOf(tenant: TenantState): DeliveryScenario | undefined {
  return tenant.scenario?.delivery
}

const lowerCased = (list: string[] | undefined): string[] => (list ?? []).map((x) => x.trim().toLowerCase())

/** The settings, messages and lists of a (validated) section; a missing key is its default. */
export function parseMailScenario(section: DeliveryScenario | undefined): RawMailScenario {
  const o = section ?? {}
  const timing = o.timing ?? {}
  const bounces =
    o.bounces?.map(
      (b): BounceRule => ({
        match: b.match.trim().toLowerCase(),
        code: b.code,
        desc: b.desc ?? bounceDescriptions[b.code] ?? '配信エラー',
      }),
    ) ?? defaultBounces
  const errorCounts: Record<string, number> = {}
  for (const [k, v] of Object.entries(o.error_counts ?? {})) if (v > 0) errorCounts[k.toLowerCase()] = v
  const messages = (o.messages ?? []).map(
    (m): ScenarioMessage => ({
      memberTableId: m.member_table_id,
      purpose: m.purpose ?? 'normal',
      content: {
        type: m.type,
        allowHankana: false,
        from: m.from,
        fromDesc: m.from_desc ?? '',
        reply: null,
        replyDesc: '',
        subject: m.subject,
        textPart: m.text_part ?? null,
        htmlPart: m.html_part ?? null,
        clickcounts: [],
        openClickcount: false,
        listUnsubscribe: { pattern: 0, url: null, email: null },
        oneclickSec: 0,
      },
    }),
  )
  return {
    messages,
    settings: {
      timing: {
        listBaseSeconds: timing.list_base_seconds ?? 30,
        listSecondsPer1000: timing.list_seconds_per_1000 ?? 1,
        handoverBaseSeconds: timing.handover_base_seconds ?? 60,
        handoverSecondsPer1000: timing.handover_seconds_per_1000 ?? 10,
      },
      bounces,
      errorRate: o.error_rate ?? 0,
      errorStopThreshold: o.error_stop_threshold ?? 3,
      agentProgramMax: o.agent_program_max ?? 20,
      clickRetentionDays: o.click_retention_days ?? 90,
      // '' = not set: links follow --public-url or the origin the caller used (outbox)
      publicBaseUrl: o.public_base_url?.replace(/\/+$/, '') ?? '',
    },
    unsubscribed: lowerCased(o.unsubscribed),
    stopped: lowerCased(o.stopped),
    errorCounts,
  }
}
