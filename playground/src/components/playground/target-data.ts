import { sendRequest, type Target } from './send-request'

/** One element (項目) of a member table, as get_member_table_elements returns it, with its config. */
export interface MemberElement {
  id: number
  name: string
  type: string
  required: boolean
  unique: boolean
  system: boolean
  /** get_member_table_element_config of the element (only fetched for types that need it). */
  config: ElementConfig
}

export interface ElementConfig {
  options?: Record<string, string>
  label?: string
  yes_description?: string
  no_description?: string
  min?: number | null
  max?: number | null
  min_year?: number | null
  max_year?: number | null
  [key: string]: unknown
}

/** Element types whose value the form builds from the element's config (options, labels, years). */
const CONFIG_TYPES = new Set([
  'select',
  'select_multiple',
  'sex',
  'marriage',
  'prefecture',
  'yesno',
  'checkbox',
  'date',
  'integer',
])

/** Element types that the server fills: never part of member_info. */
export const AUTOMATIC_TYPES = new Set(['timestamp', 'autogen'])

/** Element types whose blank value the service generates (add_member makes up a password). */
export const GENERATED_TYPES = new Set(['password', 'hashed_password'])

const targetKey = (t: Target): string => JSON.stringify(t)

async function call<T>(target: Target, origin: string, name: string, body: unknown): Promise<T> {
  const r = await sendRequest(target, origin, name, JSON.stringify(body), true)
  if (r.failure) throw new Error(r.failure)
  if (r.status !== 200) throw new Error(`${name}: ${r.status}${r.errorCode ? ` ${r.errorCode}` : ''}`)
  return JSON.parse(r.text) as T
}

const elementCache = new Map<string, Promise<MemberElement[]>>()

/**
 * The elements of a member table on the target (get_member_table_elements), each with its
 * config (get_member_table_element_config) when its type needs one. Cached per target and table.
 */
export function memberElements(target: Target, origin: string, tableId: number): Promise<MemberElement[]> {
  const key = `${targetKey(target)}#${tableId}`
  let p = elementCache.get(key)
  if (!p) {
    p = (async () => {
      const raw = await call<unknown>(target, origin, 'get_member_table_elements', { member_table_id: tableId })
      // The service answers with the array itself; the SDK also accepts it wrapped.
      const list = (
        Array.isArray(raw) ? raw : ((raw as { member_table_elements?: unknown[] }).member_table_elements ?? [])
      ) as Omit<MemberElement, 'config'>[]
      return Promise.all(
        list.map(async (e) => ({
          ...e,
          config: CONFIG_TYPES.has(e.type)
            ? await call<ElementConfig>(target, origin, 'get_member_table_element_config', { element_id: e.id }).catch(
                () => ({}),
              )
            : {},
        })),
      )
    })()
    p.catch(() => elementCache.delete(key))
    elementCache.set(key, p)
  }
  return p
}

/** One member table (データベース) of the target, as get_member_tables lists it. */
export interface MemberTableSummary {
  id: number
  title: string
}

const tableCache = new Map<string, Promise<MemberTableSummary[]>>()

/** The member tables of the target (get_member_tables), in the service's order. Cached per target. */
export function memberTables(target: Target, origin: string): Promise<MemberTableSummary[]> {
  const key = targetKey(target)
  let p = tableCache.get(key)
  if (!p) {
    p = call<unknown>(target, origin, 'get_member_tables', {}).then((raw) => {
      const list = Array.isArray(raw) ? raw : ((raw as { member_tables?: unknown[] } | null)?.member_tables ?? [])
      return list.flatMap((t) => {
        const item = t as Record<string, unknown>
        const id = typeof item.id === 'number' ? item.id : item.member_table_id
        return typeof id === 'number' && id > 0 ? [{ id, title: typeof item.title === 'string' ? item.title : '' }] : []
      })
    })
    p.catch(() => tableCache.delete(key))
    tableCache.set(key, p)
  }
  return p
}

/** One item of a member form, as get_member_form_elements lists it (form calls name it `e_{id}`). */
export interface FormItem {
  id: number
  title: string
}

const formItemCache = new Map<string, Promise<FormItem[]>>()

/** The items of a member form on the target (get_member_form_elements). Cached per target and form. */
export function formItems(target: Target, origin: string, formId: number): Promise<FormItem[]> {
  const key = `${targetKey(target)}#form${formId}`
  let p = formItemCache.get(key)
  if (!p) {
    p = call<unknown>(target, origin, 'get_member_form_elements', { form_id: formId }).then((raw) => {
      // The service answers with the array itself; the SDK also accepts it wrapped.
      const list = Array.isArray(raw) ? raw : ((raw as { element_infos?: unknown[] } | null)?.element_infos ?? [])
      return list.flatMap((e) => {
        const item = e as Record<string, unknown>
        return typeof item.id === 'number' && typeof item.title === 'string' ? [{ id: item.id, title: item.title }] : []
      })
    })
    p.catch(() => formItemCache.delete(key))
    formItemCache.set(key, p)
  }
  return p
}

/**
 * The names of the `e_N` keys of an answer to a request with this body: a form's items when
 * the request names a form (`form_id`, `member_form_id`: form calls key values by form item),
 * else the fields of the body's member table (or the target's first).
 */
export async function itemNames(target: Target, origin: string, body: unknown): Promise<Record<string, string>> {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  const formId = typeof b.form_id === 'number' ? b.form_id : b.member_form_id
  if (typeof formId === 'number') {
    const items = await formItems(target, origin, formId).catch(() => [])
    return Object.fromEntries(items.map((e) => [`e_${e.id}`, e.title]))
  }
  const tableId =
    typeof b.member_table_id === 'number'
      ? b.member_table_id
      : (await memberTables(target, origin).catch(() => []))[0]?.id
  if (tableId === undefined) return {}
  const elements = await memberElements(target, origin, tableId).catch(() => [])
  return Object.fromEntries(elements.map((e) => [`e_${e.id}`, e.name]))
}

/** Forgets what was read from the target (after a reset of the emulator, or another target). */
export function forgetTargetData(): void {
  elementCache.clear()
  formItemCache.clear()
  idCache.clear()
  tableCache.clear()
}

/** Ids that exist on the target, by the request key that names them (member_table_id, element_id, ...). */
export type KnownIds = Record<string, number>

const idCache = new Map<string, Promise<KnownIds>>()

const firstId = (list: unknown, key: string): number | undefined => {
  if (!Array.isArray(list)) return undefined
  for (const item of list) {
    const v = (item as Record<string, unknown>)?.[key]
    if (typeof v === 'number' && v > 0) return v
  }
  return undefined
}

/**
 * Ids that exist on the target, read with its listing APIs: the first member table, its
 * e-mail element, its first condition, form and agent program. Missing ones stay out.
 */
export function knownIds(target: Target, origin: string): Promise<KnownIds> {
  const key = targetKey(target)
  let p = idCache.get(key)
  if (!p) {
    p = (async () => {
      const ids: KnownIds = {}
      const tables = await memberTables(target, origin).catch(() => [])
      const table = tables[0]?.id
      if (table === undefined) return ids
      ids.member_table_id = table
      const [elements, conditions, forms, programs] = await Promise.all([
        memberElements(target, origin, table).catch(() => [] as MemberElement[]),
        call<unknown>(target, origin, 'get_conditions', { member_table_id: table }).catch(() => null),
        call<unknown>(target, origin, 'get_member_forms', { member_table_id: table }).catch(() => null),
        call<unknown>(target, origin, 'get_agent_programs', { member_table_id: table }).catch(() => null),
      ])
      const email = elements.find((e) => e.type === 'email') ?? elements.find((e) => !e.system)
      if (email) ids.element_id = email.id
      const condition = firstId(conditions, 'id') ?? firstId(conditions, 'condition_id')
      if (condition !== undefined) ids.condition_id = condition
      const form = firstId(forms, 'id') ?? firstId(forms, 'form_id') ?? firstId(forms, 'member_form_id')
      if (form !== undefined) {
        ids.form_id = form
        ids.member_form_id = form
      }
      const program = firstId(programs, 'id') ?? firstId(programs, 'agent_program_id')
      if (program !== undefined) ids.agent_program_id = program
      return ids
    })()
    p.catch(() => idCache.delete(key))
    idCache.set(key, p)
  }
  return p
}

/** Ids that answers of this session created: add_member's member_id, add_mail_message's message id, ... */
export function idsFromAnswer(name: string, text: string): KnownIds {
  let v: unknown
  try {
    v = JSON.parse(text)
  } catch {
    return {}
  }
  if (typeof v !== 'number' || !Number.isInteger(v) || v <= 0) return {}
  switch (name) {
    case 'add_member':
      return { member_id: v }
    case 'add_mail_message':
      return { mail_message_id: v, message_id: v }
    case 'add_mail_message_for_agent_program':
      return { mail_message_id: v }
    case 'add_delivery_schedule':
    case 'add_test_delivery_schedule':
      return { delivery_id: v }
    case 'add_condition':
      return { condition_id: v }
    case 'add_agent_program':
      return { agent_program_id: v }
    default:
      return {}
  }
}

/** A value for one element that its type and config accept (for examples). */
export function sampleValue(e: MemberElement, seed: number): unknown {
  const options = Object.keys(e.config.options ?? {}).map(Number)
  switch (e.type) {
    case 'email':
      return `playground-${seed}@example.com`
    case 'password':
    case 'hashed_password':
      return `pass${seed}word`
    case 'integer':
      return typeof e.config.min === 'number' ? e.config.min : 1
    case 'select':
    case 'sex':
    case 'marriage':
    case 'prefecture':
      return options[0] ?? 1
    case 'select_multiple':
      return options.slice(0, 1)
    case 'date':
      return '2000-01-01'
    case 'yesno':
    case 'checkbox':
      return true
    case 'url':
      return 'https://www.example.com/'
    case 'zip':
      return '1000001'
    case 'telephone':
      return '0312345678'
    default: {
      const kind = typeof e.config.type === 'string' ? e.config.type : 'any'
      if (kind === 'katakana') return 'プレイグラウンド'
      if (kind === 'hiragana') return 'ぷれいぐらうんど'
      if (kind === 'number') return '12345'
      if (kind === 'alphabet') return 'abcd'
      if (kind === 'alphanum' || kind === 'hankaku') return `pg${seed}`
      if (kind === 'zenkaku') return 'プレイグラウンド'
      return 'プレイグラウンド 太郎'
    }
  }
}

/** Whether the reader must fill the element: required by the database, and not generated when blank. */
export function isRequiredInput(e: MemberElement): boolean {
  return e.required && !GENERATED_TYPES.has(e.type)
}

/** member_info with every required, user-defined element of the table filled. */
export function sampleMemberInfo(elements: MemberElement[], seed: number): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const e of elements) {
    if (e.system || AUTOMATIC_TYPES.has(e.type) || !isRequiredInput(e)) continue
    out[`e_${e.id}`] = sampleValue(e, seed)
  }
  return out
}

const SESSION_IDS_KEY = 'krs-playground-created-ids'

/** Ids the playground's calls created (in localStorage, as the emulator's state they name). */
export function sessionIds(): KnownIds {
  try {
    const v = JSON.parse(localStorage.getItem(SESSION_IDS_KEY) ?? '{}') as unknown
    return typeof v === 'object' && v !== null ? (v as KnownIds) : {}
  } catch {
    return {}
  }
}

export function rememberSessionIds(ids: KnownIds): void {
  try {
    localStorage.setItem(SESSION_IDS_KEY, JSON.stringify({ ...sessionIds(), ...ids }))
  } catch {
    // no storage: the ids are not remembered
  }
}

export function forgetSessionIds(): void {
  try {
    localStorage.removeItem(SESSION_IDS_KEY)
  } catch {
    // no storage
  }
}
