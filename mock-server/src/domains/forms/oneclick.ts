import type { EngineContext } from '../../kernel/context.js'
import { KrsError } from '../../kernel/krs-error.js'
import { msg } from '../../kernel/messages.js'
import type { FormsState } from './forms-state.js'
import type { TenantState } from '../../kernel/tenant-state.js'
import { memberRow } from '../member-db/members/member-store.js'
import { formsOf } from './forms-section.js'
import { assertKind, requireAvailableForm, tableOfForm } from './form-access.js'

/** 32-bit FNV-1a twice with different seeds: the emulator's token signature (not a secure MAC). */
function sign(secret: string, payload: string): string {
  const h = (seed: number) => {
    let x = seed
    for (const ch of `${secret}|${payload}`) x = Math.imul(x ^ ch.charCodeAt(0), 16777619)
    return (x >>> 0).toString(16).padStart(8, '0')
  }
  return h(2166136261) + h(0x811c9dc5 ^ 0x5bd1e995)
}

/**
 * get_oneclick_login_url: a URL that logs the member in to the update form without a
 * password until `limit` hours (default) or minutes from now, rounded up to the next whole
 * hour. KR_API_F0209 outside 1–335; the form must be an update form (KR_API_F0120).
 */
export function getOneclickLoginUrlOp(
  ctx: EngineContext,
  formId: number,
  memberId: number,
  limit: number,
  unit: 'minute' | 'hour' = 'hour',
): string {
  const form = requireAvailableForm(ctx, formId)
  assertKind(form, ['update'], 'KR_API_F0120', msg('kind_oneclick'))
  if (!Number.isInteger(limit) || limit < 1 || limit > 335)
    throw new KrsError('KR_API_F0209', msg('oneclick_limit_range', { limit }))
  const table = tableOfForm(ctx, form)
  if (memberRow(table, memberId) < 0)
    throw new KrsError('KR_API_F0118', msg('member_not_found', { member_id: memberId, member_table_id: table.id }))
  const now = ctx.now()
  const expiresAt = Math.ceil((now + limit * (unit === 'minute' ? 60 : 3600)) / 3600) * 3600
  const state = formsOf(ctx.tenant, now)
  const nonce = Math.floor(ctx.random() * 0xffffffff)
    .toString(16)
    .padStart(8, '0')
  const payload = `${form.id}.${memberId}.${expiresAt}.${nonce}`
  const token = `${payload}.${sign(state.secret, payload)}`
  state.oneclick[token] = { token, formId: form.id, memberId, issuedAt: now, expiresAt }
  ctx.markMutated?.()
  return `${state.publicBaseUrl}/m/oneclick?token=${token}`
}

export interface OneclickCheck {
  valid: boolean
  memberId: number | null
  expiresAt: number | null
  /** Why it is not valid (none when valid). */
  reason?: 'malformed' | 'signature' | 'expired' | 'member_gone'
}

/** Whether a one-click URL is still valid at `now` (the admin API uses it). */
export function verifyOneclickUrl(tenant: TenantState, state: FormsState, url: string, now: number): OneclickCheck {
  const m = /[?&]token=([0-9]+)\.([0-9]+)\.([0-9]+)\.([0-9a-f]{8})\.([0-9a-f]{16})(?:&|$)/.exec(url)
  if (!m) return { valid: false, memberId: null, expiresAt: null, reason: 'malformed' }
  const [, formId, memberId, expiresAt, nonce, sig] = m
  const payload = `${formId}.${memberId}.${expiresAt}.${nonce}`
  const out = { memberId: Number(memberId), expiresAt: Number(expiresAt) }
  if (sign(state.secret, payload) !== sig) return { valid: false, ...out, reason: 'signature' }
  if (now >= out.expiresAt) return { valid: false, ...out, reason: 'expired' }
  const form = state.forms[formId!]
  const table = form ? tenant.memberDb.tables.get(form.memberTableId) : undefined
  if (!table || memberRow(table, out.memberId) < 0) return { valid: false, ...out, reason: 'member_gone' }
  return { valid: true, ...out }
}
