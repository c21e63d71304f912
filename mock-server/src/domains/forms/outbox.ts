import type { FormOutboxEntry, FormValue, MemberFormDef, FormsState } from './forms-state.js'

/** Keep at most this many outbox records per tenant (oldest dropped). */
const OUTBOX_LIMIT = 10_000

function fill(template: string, values: Record<string, FormValue>): string {
  return template.replace(/\{\{(e_[0-9]+|new_pass|member_id)\}\}/g, (_, k: string) => {
    const v = values[k]
    return v === null || v === undefined ? '' : Array.isArray(v) ? v.join(',') : String(v)
  })
}

/**
 * Record what a form action would send: the autoreply mail to the member's address, the
 * action notice to the administrators, the webhook call. Real delivery never happens.
 */
export function recordFormSends(
  state: FormsState,
  form: MemberFormDef,
  memberId: number,
  at: number,
  requestId: string | null,
  memberAddress: string | null,
  values: Record<string, FormValue>,
  dbValues: Record<string, FormValue> = {},
): FormOutboxEntry[] {
  const base = { at, requestId, formId: form.id, memberId, action: form.type }
  const entries: FormOutboxEntry[] = []
  // templates name database elements ({{e_6}}), new_pass and member_id
  const all = { ...dbValues, new_pass: values.new_pass ?? null, member_id: memberId }
  const next = () => state.nextOutboxId++
  if (form.autoreply && memberAddress) {
    const subject =
      form.type === 'regist' && form.doubleOptin ? `【登録確認】${form.autoreply.subject}` : form.autoreply.subject
    entries.push({
      ...base,
      id: next(),
      kind: 'autoreply',
      to: [memberAddress],
      subject,
      body: fill(form.autoreply.body, all),
      url: null,
      payload: null,
    })
  }
  if (form.notice?.to.length) {
    const body = Object.entries(values)
      .filter(([k]) => k !== 'new_pass')
      .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(',') : String(v ?? '')}`)
      .join('\n')
    entries.push({
      ...base,
      id: next(),
      kind: 'notice',
      to: [...form.notice.to],
      subject: form.notice.subject,
      body: `会員ID: ${memberId}\n${body}`,
      url: null,
      payload: null,
    })
  }
  if (form.webhook) {
    const payload: Record<string, FormValue> = { form_id: form.id, type: form.type, member_id: memberId }
    for (const [k, v] of Object.entries(values)) if (k !== 'new_pass') payload[k] = v
    entries.push({
      ...base,
      id: next(),
      kind: 'webhook',
      to: [],
      subject: null,
      body: null,
      url: form.webhook.url,
      payload,
    })
  }
  state.outbox.push(...entries)
  if (state.outbox.length > OUTBOX_LIMIT) state.outbox.splice(0, state.outbox.length - OUTBOX_LIMIT)
  return entries
}
