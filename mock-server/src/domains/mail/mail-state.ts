/**
 * State of the mail domain: mail messages, deliveries (normal, test, agent), agent
 * programs, click counts and the per-address lists that decide delivery categories.
 * Created with the tenant from its scenario (mail-section.ts).
 */

/** 1 text, 2 HTML, 3 multipart, 4 decorated mail (admin screen only). */
export type MailType = 1 | 2 | 3 | 4

export interface ClickCountSetting {
  url: string
  days: number
  /** '' means Not Found after the period. */
  outdatedUrl: string
}

export interface ListUnsubscribeSetting {
  pattern: 0 | 1 | 2 | 3
  url: string | null
  email: string | null
}

/** The content of a mail message (what `mail_info` sets, with defaults filled in). */
export interface MailContent {
  type: MailType
  allowHankana: boolean
  from: string
  fromDesc: string
  reply: string | null
  replyDesc: string
  subject: string
  textPart: string | null
  htmlPart: string | null
  clickcounts: ClickCountSetting[]
  openClickcount: boolean
  listUnsubscribe: ListUnsubscribeSetting
  /** One-click login validity in seconds (0 when the message has no one-click URL). */
  oneclickSec: number
}

export interface MailMessage extends MailContent {
  id: number
  memberTableId: number
  /** 'normal' for deliveries and tests, 'agent' for agent programs. */
  purpose: 'normal' | 'agent'
  /** The delivery or agent program that reserves it ("delivery:12", "agent:5"; messages/message-reservation.ts), or null. */
  lockedBy: string | null
}

/** Delivery categories of one target (error is kept apart: only valid targets can bounce). */
export const TargetCategory = { Valid: 0, Stopped: 1, NoAddress: 2, Blacklist: 3, Unsubscribed: 4 } as const

/**
 * The delivery list built at phase 1: every target in member-id order, its address, its
 * category and (for valid ones) the index of its bounce in `errorTable`, or -1.
 */
export interface DeliveryList {
  memberIds: Int32Array
  addresses: string[]
  category: Uint8Array
  error: Int16Array
  /** [code, description] of each bounce kind seen. */
  errorTable: [string, string][]
  /** Row index (into the arrays above) of each valid target, in order: the handover order. */
  realRows: Int32Array
}

export type DeliveryKind = 'normal' | 'test' | 'agent'

export interface Delivery {
  id: number
  kind: DeliveryKind
  memberTableId: number
  mailMessageId: number
  agentProgramId: number | null
  title: string
  conditionId: number | null
  conditionTitle: string | null
  elementId: number
  /** Scheduled time (phase 0 → 1). */
  deliveryDate: number
  blacklist: boolean
  deleteCondition: boolean
  /** Test deliveries: the merged addresses and the subject prefix. */
  testEmails: string[] | null
  subjectPrefix: string
  cancelled: boolean
  phase: 0 | 1 | 2 | 3
  /** Phase 2 start (start_date) and phase 3 time (end_date), fixed at phase 1. */
  startDate: number | null
  endDate: number | null
  /** The message content frozen at phase 1 (later updates of an agent message do not apply). */
  mail: MailContent | null
  list: DeliveryList | null
  /** Click-count ids of this delivery, created at phase 1. */
  clickcountIds: number[]
}

export interface ClickLog {
  at: number
  memberId: number
  address: string
  ip: string
  userAgent: string
}

export interface ClickCount {
  id: number
  deliveryId: number
  /** 0 normal URL, 1 open rate. */
  type: 0 | 1
  url: string | null
  outdatedUrl: string | null
  /** End of the collection period (unix seconds). */
  collectDate: number
  logs: ClickLog[]
}

export interface DeliveryTime {
  type: 1 | 2 | 3
  hour: number
  min: number
  dayOfWeek: number | null
  day: number | null
}

export interface DeliveryCondition {
  pattern: 1 | 2
  elementId: number
  offset: number
  direction: number
  enableYear: boolean
  intervalDays: number
  maxNum: number
}

export interface AgentProgram {
  id: number
  memberTableId: number
  title: string
  conditionId: number
  mailMessageId: number
  elementId: number
  blacklist: boolean
  enable: boolean
  time: DeliveryTime
  condition: DeliveryCondition | null
  /** Next occurrence (unix seconds) while enabled; null when disabled. */
  nextRun: number | null
}

/** Timing of the phase machine: durations grow with the number of targets. */
export interface DeliveryTiming {
  /** Phase 1 (building the list): base seconds + seconds per 1,000 targets. */
  listBaseSeconds: number
  listSecondsPer1000: number
  /** Phase 2 (handover): base seconds + seconds per 1,000 real targets. */
  handoverBaseSeconds: number
  handoverSecondsPer1000: number
}

export interface BounceRule {
  /** A lower-case address, or "@domain" for a whole domain. */
  match: string
  code: string
  desc: string
}

/** The scenario's `delivery` section, parsed (mail-scenario.ts). */
export interface MailDeliverySettings {
  timing: DeliveryTiming
  bounces: BounceRule[]
  /**
   * Share (0–1) of the other real addresses that bounce with 5.1.1, chosen by a hash of the
   * address (so the same addresses bounce in every delivery). 0 by default.
   */
  errorRate: number
  /** Hard bounces (5.x.x) of one address after which it is delivery-stopped. */
  errorStopThreshold: number
  agentProgramMax: number
  /** Days click logs are kept after the collection period ends. */
  clickRetentionDays: number
  /** Base URL of the emulator for rewritten click-count and unsubscribe URLs. */
  publicBaseUrl: string
}

export interface MailDeliveryState {
  settings: MailDeliverySettings
  messages: Map<number, MailMessage>
  deliveries: Map<number, Delivery>
  agentPrograms: Map<number, AgentProgram>
  clickcounts: Map<number, ClickCount>
  /** Lower-case addresses on the unsubscribe list (unsubscribed_address). */
  unsubscribed: Set<string>
  /** Lower-case addresses stopped by the admin or by too many errors (stopped). */
  stopped: Set<string>
  /** Hard-bounce count per lower-case address (drives `stopped`). */
  errorCounts: Map<string, number>
  nextMessageId: number
  nextDeliveryId: number
  nextAgentProgramId: number
  nextClickcountId: number
}
