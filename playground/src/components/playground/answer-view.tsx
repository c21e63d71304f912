import type React from 'react'

/** One catalogue entry as the registry carries it: error_desc (English) and the Japanese description. */
export interface CatalogueEntry {
  name: string
  description: string
}

/** The error catalogue page's entry of a code (its table rows carry the code as their id). */
export const catalogueHref = (code: string): string => `/errors/kreisel-api-exception-codes#${code}`

/** The `message` detail of an error answer (`{ error_code, error_desc, message }`), when it has one. */
export function errorDetailOf(text: string): string | null {
  try {
    const v = JSON.parse(text) as { message?: unknown }
    return typeof v?.message === 'string' && v.message !== '' ? v.message : null
  } catch {
    return null
  }
}

/**
 * An error answer told in Japanese: the code linked to its catalogue entry, the catalogue's
 * description, and the answer's own detail. The answer itself is shown below it unchanged.
 */
export function ErrorExplanation({
  code,
  entry,
  detail,
  detailLang = 'en',
  testId,
}: {
  code: string
  entry: CatalogueEntry | undefined
  /** The answer's own detail: its message, or a list of the items it refuses (ItemErrors). */
  detail: React.ReactNode
  /** The detail's language: a form's checks and the emulator asked for Japanese answer in Japanese. */
  detailLang?: string
  testId: string
}): React.JSX.Element {
  return (
    <div className="alert alert--danger krs-pg-error" data-testid={testId}>
      <strong>
        <a href={catalogueHref(code)} data-testid={`${testId}-link`}>
          <code data-testid={`${testId}-code`}>{code}</code>
        </a>{' '}
        {entry ? entry.description : '（カタログにないコードです）'}
      </strong>
      {typeof detail === 'string' ? (
        <p className="krs-pg-error-detail" data-testid={`${testId}-detail`}>
          詳細: <span lang={detailLang}>{detail}</span>
        </p>
      ) : detail ? (
        // a list of items may follow: a block, in the detail's language as a whole
        <div className="krs-pg-error-detail" data-testid={`${testId}-detail`} lang={detailLang}>
          詳細: {detail}
        </div>
      ) : null}
      {entry ? (
        <p className="krs-pg-muted">
          error_desc: <code>{entry.name}</code>
        </p>
      ) : null}
    </div>
  )
}

/** The error a form call answers with when its values fail the form's checks. */
export const FORM_VALUES_ERROR = 'KR_API_F0116'

/** One form item's messages in a validation answer (`key` null: the one value of validate_member_form_parameter). */
export interface ValidationItem {
  key: string | null
  messages: string[]
}

const isMessages = (v: unknown): v is string[] => Array.isArray(v) && v.every((m) => typeof m === 'string')

const ITEM_KEY = /^(e_\d+|new_pass)$/

/** The form item a validate_member_form_parameter request names (`form_element_name`), if it is one. */
function checkedItemOf(body: unknown): string | null {
  const name = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).form_element_name : null
  return typeof name === 'string' && ITEM_KEY.test(name) ? name : null
}

/**
 * The error lists of a successful validation answer: validate_member_form_parameter's array of
 * messages (the item the request named, when `body` is given), validate_member_form_parameters'
 * map of form item → messages. Items without a message are left out (an empty list: the values
 * pass); null for other operations or shapes.
 */
export function validationItems(operation: string, value: unknown, body?: unknown): ValidationItem[] | null {
  if (operation === 'validate_member_form_parameter') {
    return isMessages(value) ? (value.length > 0 ? [{ key: checkedItemOf(body), messages: value }] : []) : null
  }
  if (operation === 'validate_member_form_parameters') {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
    const entries = Object.entries(value)
    if (!entries.every(([, v]) => isMessages(v))) return null
    return entries.filter(([, v]) => (v as string[]).length > 0).map(([key, v]) => ({ key, messages: v as string[] }))
  }
  return null
}

const ITEM_LINE = /^(e_\d+|new_pass): (.+)$/

/**
 * The items of an error answer's message that lists them one per line, `e_91: message` (what
 * the form and member calls answer with KR_API_F0116), grouped by item in their order; null
 * when the message is not such a list.
 */
export function errorItems(text: string): ValidationItem[] | null {
  const message = errorDetailOf(text)
  if (message === null) return null
  const items = new Map<string, string[]>()
  for (const line of message.split('\n')) {
    const m = ITEM_LINE.exec(line)
    if (!m) return null
    const messages = items.get(m[1]!) ?? []
    messages.push(m[2]!)
    items.set(m[1]!, messages)
  }
  return Array.from(items, ([key, messages]) => ({ key, messages }))
}

/**
 * Whether an answer names items by `e_N` (its keys, the items its error lists, or the one item
 * a validate_member_form_parameter request checked and the answer refuses): their names are
 * worth reading.
 */
export function answerNamesItems(status: number, text: string, operation?: string, body?: unknown): boolean {
  if (status !== 200) return errorItems(text) !== null
  if (operation === 'validate_member_form_parameter')
    return text.trim() !== '[]' && checkedItemOf(body)?.startsWith('e_') === true
  return /"e_\d+"/.test(text)
}

/** The name of the one item that is not a form item of the form's settings: the new password of a password change form. */
const NEW_PASSWORD = '新しいパスワード'

/**
 * A form or member item by its name (the form item's title, the table field's name) with its
 * key beside it in small type, 「メールアドレス (e_91)」; its key alone when the name is unknown.
 */
export function ItemName({
  itemKey,
  names,
}: {
  itemKey: string
  names: Record<string, string> | null | undefined
}): React.JSX.Element {
  const name = names?.[itemKey] ?? (itemKey === 'new_pass' ? NEW_PASSWORD : undefined)
  if (name === undefined) return <code data-testid="item-key">{itemKey}</code>
  return (
    <>
      <span data-testid="item-name">{name}</span>{' '}
      <small>
        (<code data-testid="item-key">{itemKey}</code>)
      </small>
    </>
  )
}

/** Per-item messages of an error answer, each item by its name (ItemName). */
export function ItemErrors({
  items,
  names,
}: {
  items: ValidationItem[]
  names: Record<string, string> | null | undefined
}): React.JSX.Element {
  return (
    <ul className="krs-pg-item-errors" data-testid="item-errors">
      {items.map((item, i) => (
        <li key={item.key ?? i} data-key={item.key ?? undefined}>
          {item.key ? (
            <>
              <ItemName itemKey={item.key} names={names} />:{' '}
            </>
          ) : null}
          {item.messages.join(' ')}
        </li>
      ))}
    </ul>
  )
}

/**
 * A validation answer told like an error answer: each failing item with the code the form
 * call would answer (linked to the catalogue), the catalogue's description and the item's
 * messages as the detail, the item by its name; or a line saying the values pass.
 */
export function ValidationAnswer({
  items,
  entry,
  names,
}: {
  items: ValidationItem[]
  entry: CatalogueEntry | undefined
  /** Names of the form's items by key (`e_91` → メールアドレス), once read from the target. */
  names?: Record<string, string> | null
}): React.JSX.Element {
  if (items.length === 0)
    return (
      <p className="krs-pg-ok" data-testid="validation-ok">
        検証エラーはありません（この値で送れます）。
      </p>
    )
  return (
    <div data-testid="validation-errors">
      <p className="krs-pg-muted">
        検証エラー {items.length} 件。この値で do_member_form_action を送ると {FORM_VALUES_ERROR} になります。
      </p>
      {items.map((item, i) => (
        <ErrorExplanation
          key={item.key ?? i}
          code={FORM_VALUES_ERROR}
          entry={entry}
          detail={
            item.key ? (
              <>
                <ItemName itemKey={item.key} names={names} />: {item.messages.join(' ')}
              </>
            ) : (
              item.messages.join(' ')
            )
          }
          detailLang="ja"
          testId="validation-error"
        />
      ))}
    </div>
  )
}

const ELEMENT_KEY = /^e_(\d+)$/

/** Whether a value is an answer with member fields (`e_4`, …): an object, or a list of them. */
export function memberRows(value: unknown): Record<string, unknown>[] | null {
  const rows = Array.isArray(value) ? value : [value]
  if (rows.length === 0) return null
  const objects = rows.filter(
    (r): r is Record<string, unknown> => typeof r === 'object' && r !== null && !Array.isArray(r),
  )
  if (objects.length !== rows.length) return null
  return objects.some((o) => Object.keys(o).some((k) => ELEMENT_KEY.test(k))) ? objects : null
}

const show = (v: unknown): string => (typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v))

/**
 * Member answers with each `e_N` beside its field's name (from the table's elements): one
 * row per field for one member, one column per field for a list (its first 20).
 */
export function MemberAnswer({
  rows,
  names,
}: {
  rows: Record<string, unknown>[]
  names: Record<string, string>
}): React.JSX.Element {
  const head = (k: string): React.JSX.Element => (
    <>
      {names[k] ?? (ELEMENT_KEY.test(k) ? '（不明な項目）' : '')} <code>{k}</code>
    </>
  )
  if (rows.length === 1) {
    const row = rows[0]!
    return (
      <table className="krs-pg-answer-table" data-testid="member-answer">
        <thead>
          <tr>
            <th>項目</th>
            <th>値</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(row).map(([k, v]) => (
            <tr key={k} data-key={k}>
              <th scope="row">{head(k)}</th>
              <td>{show(v)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    )
  }
  const keys = Array.from(new Set(rows.flatMap((r) => Object.keys(r))))
  return (
    <div className="krs-pg-scroll">
      <table className="krs-pg-answer-table" data-testid="member-answer">
        <thead>
          <tr>
            {keys.map((k) => (
              <th key={k} data-key={k}>
                {head(k)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, 20).map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of an answer have no id of their own
            <tr key={i}>
              {keys.map((k) => (
                <td key={k}>{show(r[k])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > 20 ? <p className="krs-pg-muted">ほかに {rows.length - 20} 件（本文を見てください）。</p> : null}
    </div>
  )
}
