import type React from 'react'
import { memo, startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { FieldProps } from '@rjsf/utils'
import { afterPaint } from './after-paint'
import { RequiredMark } from './form-templates'
import { AUTOMATIC_TYPES, GENERATED_TYPES, isRequiredInput, memberElements, type MemberElement } from './target-data'
import type { Target } from './send-request'

/** What the form knows about the page: where requests go, and the whole body (for member_table_id). */
export interface PlaygroundFormContext {
  target: Target
  origin: string
  /** The target can answer (the in-browser emulator has started). */
  ready: boolean
  body: unknown
}

type Info = Record<string, unknown>

const isObject = (v: unknown): v is Info => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Japanese names of the element types (the contract's x-enum-descriptions of ElementType). */
const typeNames: Record<string, string> = {
  text: 'テキスト',
  textarea: 'テキストエリア',
  integer: '整数',
  email: 'メールアドレス',
  url: 'URL',
  select: '単一選択',
  select_multiple: '複数選択',
  date: '日付',
  prefecture: '都道府県',
  zip: '郵便番号',
  telephone: '電話番号',
  sex: '性別',
  marriage: '婚姻状況',
  yesno: 'はい/いいえ',
  checkbox: 'チェックボックス',
  password: 'パスワード',
  encrypted_text: '暗号化テキスト',
  hashed_password: 'ハッシュ化パスワード',
  autogen: '自動採番',
  timestamp: '日時',
  auth: '認証',
}

const inputTypes: Record<string, string> = { email: 'email', url: 'url', telephone: 'tel' }

/**
 * A member table has dozens of elements (the default scenario's: 28 inputs, several selects
 * with dozens of options). Created, styled and laid out in one go they made one long task on a
 * phone as the form arrived; they come in parts instead, each part after the browser drew the
 * previous one: first about a phone's screen of them, then the rest a few at a time.
 */
const FIRST_ROWS = 8
const MORE_ROWS = 8

/** The input of one element, by its type: text, select with option labels, date, multi-select, yes/no. */
function ElementInput({
  element,
  id,
  value,
  onChange,
  describedBy,
}: {
  element: MemberElement
  id: string
  value: unknown
  onChange: (v: unknown) => void
  describedBy: string
}): React.JSX.Element {
  const common = {
    id,
    'aria-describedby': describedBy,
    'aria-required': isRequiredInput(element) || undefined,
    'data-element': element.id,
  }
  const options = Object.entries(element.config.options ?? {})
  switch (element.type) {
    case 'select':
    case 'sex':
    case 'marriage':
    case 'prefecture':
      if (options.length > 0) {
        return (
          <select
            {...common}
            className="krs-pg-input"
            value={typeof value === 'number' ? String(value) : ''}
            onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
          >
            <option value="">（指定しない）</option>
            {options.map(([k, label]) => (
              <option key={k} value={k}>
                {label}
              </option>
            ))}
          </select>
        )
      }
      break
    case 'select_multiple': {
      const chosen = new Set(Array.isArray(value) ? (value as number[]) : [])
      return (
        // biome-ignore lint/a11y/useSemanticElements: the group is labelled by the field's own label above it, which a fieldset's legend would repeat
        <div {...common} role="group" aria-labelledby={`${id}__label`} className="krs-pg-choices">
          {options.map(([k, label]) => (
            <label key={k}>
              <input
                type="checkbox"
                checked={chosen.has(Number(k))}
                onChange={(e) => {
                  const next = new Set(chosen)
                  if (e.target.checked) next.add(Number(k))
                  else next.delete(Number(k))
                  onChange(Array.from(next).sort((a, b) => a - b))
                }}
              />{' '}
              {label}
            </label>
          ))}
        </div>
      )
    }
    case 'yesno':
      return (
        <select
          {...common}
          className="krs-pg-input"
          value={value === true ? 'yes' : value === false ? 'no' : ''}
          onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value === 'yes')}
        >
          <option value="">（指定しない）</option>
          <option value="yes">
            はい{element.config.yes_description ? `（${element.config.yes_description}）` : ''}
          </option>
          <option value="no">
            いいえ{element.config.no_description ? `（${element.config.no_description}）` : ''}
          </option>
        </select>
      )
    case 'checkbox':
      return (
        <label className="krs-pg-check">
          <input {...common} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />{' '}
          {element.config.label ?? element.name}
        </label>
      )
    case 'date':
      return (
        <input
          {...common}
          className="krs-pg-input"
          type="date"
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        />
      )
    case 'integer':
      return (
        <input
          {...common}
          className="krs-pg-input"
          type="number"
          inputMode="numeric"
          min={element.config.min ?? undefined}
          max={element.config.max ?? undefined}
          value={typeof value === 'number' ? String(value) : ''}
          onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
        />
      )
    case 'textarea':
      return (
        <textarea
          {...common}
          className="krs-pg-input krs-pg-textarea"
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        />
      )
    default:
      break
  }
  // Text-like elements, and choices whose options the target did not give: a text input
  // (integer ids for choices).
  const numeric = ['select', 'sex', 'marriage', 'prefecture'].includes(element.type)
  return (
    <input
      {...common}
      className="krs-pg-input"
      type={numeric ? 'number' : (inputTypes[element.type] ?? 'text')}
      autoComplete="off"
      value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
      onChange={(e) => onChange(e.target.value === '' ? undefined : numeric ? Number(e.target.value) : e.target.value)}
    />
  )
}

/**
 * One element: its name, required mark, key and type, and its input. Memoised: a row renders
 * again only when its own value changes, so that a keystroke in one field, or the next part of
 * the rows arriving, does not render and write every other row's input again.
 */
const ElementRow = memo(function ElementRow({
  element: e,
  formId,
  value,
  onChange,
}: {
  element: MemberElement
  formId: string
  value: unknown
  onChange: (key: string, v: unknown) => void
}): React.JSX.Element {
  const key = `e_${e.id}`
  const inputId = `${formId}_${key}`
  const isGroup = e.type === 'select_multiple'
  const Label = isGroup ? 'span' : 'label'
  return (
    <div className="form-group krs-pg-element" data-testid={`element-${key}`}>
      <Label id={`${inputId}__label`} className="control-label krs-pg-label" {...(isGroup ? {} : { htmlFor: inputId })}>
        {e.name}
        {isRequiredInput(e) ? <RequiredMark /> : null}
        <code className="krs-pg-key">{key}</code>
      </Label>
      <span id={`${inputId}__type`} className="krs-pg-muted krs-pg-type">
        {typeNames[e.type] ?? e.type}
        {e.unique ? '・重複キー' : ''}
        {GENERATED_TYPES.has(e.type) ? <span data-testid="generated-mark">・空欄なら生成されます</span> : null}
      </span>
      <ElementInput
        element={e}
        id={inputId}
        value={value}
        onChange={(v) => onChange(key, v)}
        describedBy={`${inputId}__type`}
      />
    </div>
  )
})

/**
 * member_info as a form of the member table's own elements, read from the target
 * (get_member_table_elements, get_member_table_element_config): one input per element
 * type, required marks from the database. Registered as the rjsf field `memberInfo`.
 */
export default function MemberInfoField(props: FieldProps): React.JSX.Element {
  const { formData, onChange, fieldPathId, registry, required } = props
  const ctx = registry.formContext as PlaygroundFormContext
  const body = isObject(ctx.body) ? ctx.body : {}
  const tableId =
    typeof body.member_table_id === 'number' && Number.isInteger(body.member_table_id) && body.member_table_id > 0
      ? body.member_table_id
      : null
  const [loaded, setLoaded] = useState<{ key: string; elements?: MemberElement[]; error?: string } | null>(null)
  const loadKey = `${JSON.stringify(ctx.target)}#${tableId}`
  // How many of the elements' inputs are on the page (FIRST_ROWS), for the elements of loadKey.
  const [rows, setRows] = useState<{ key: string; count: number }>({ key: loadKey, count: FIRST_ROWS })
  const rowCount = rows.key === loadKey ? rows.count : FIRST_ROWS

  // biome-ignore lint/correctness/useExhaustiveDependencies: loadKey stands for ctx.target and tableId (an object compared by its JSON)
  useEffect(() => {
    if (!ctx.ready || tableId === null) return
    let alive = true
    memberElements(ctx.target, ctx.origin, tableId).then(
      (elements) => alive && setLoaded({ key: loadKey, elements }),
      (e: unknown) => alive && setLoaded({ key: loadKey, error: e instanceof Error ? e.message : String(e) }),
    )
    return () => {
      alive = false
    }
  }, [ctx.ready, loadKey])

  const value: Info = isObject(formData) ? formData : {}
  const set = (key: string, v: unknown): void => {
    const next = { ...value }
    if (v === undefined) delete next[key]
    else next[key] = v
    onChange(next, fieldPathId.path, undefined, fieldPathId.$id)
  }
  // The rows' change handler: one function for the field's life, calling the last render's `set`.
  const lastSet = useRef(set)
  useLayoutEffect(() => {
    lastSet.current = set
  })
  const setElement = useCallback((key: string, v: unknown) => lastSet.current(key, v), [])
  const id = fieldPathId.$id
  const current = loaded?.key === loadKey ? loaded : null
  const elements = current?.elements ?? []
  const editable = elements.filter((e) => !e.system && !AUTOMATIC_TYPES.has(e.type))
  const automatic = elements.filter((e) => e.system || AUTOMATIC_TYPES.has(e.type))
  const known = new Set(elements.map((e) => `e_${e.id}`))
  const others = Object.keys(value).filter((k) => !known.has(k))
  const allRows = rowCount >= editable.length

  useEffect(() => {
    if (current?.elements === undefined || allRows) return
    return afterPaint(() => startTransition(() => setRows({ key: loadKey, count: rowCount + MORE_ROWS })))
  }, [current, allRows, loadKey, rowCount])

  // While the elements are on their way the fieldset holds a screen's height, so that the
  // JSON editor and the send bar below it do not jump on the screen when the fields arrive.
  const pending = tableId === null || !ctx.ready || current === null || !allRows

  return (
    <fieldset
      className={pending ? 'krs-pg-member-info krs-pg-pending' : 'krs-pg-member-info'}
      data-testid="member-info"
    >
      <legend className="krs-pg-legend">
        会員情報{required ? <RequiredMark /> : null} <code className="krs-pg-key">member_info</code>
      </legend>
      <p className="krs-pg-muted">
        送信先のデータベースの項目を get_member_table_elements で読み込んで示します。
        <span aria-hidden="true">*</span>{' '}
        はデータベースで必須の項目です。空の項目は送りません（空のパスワードはサービスが生成します）。
      </p>
      {tableId === null ? (
        <p className="krs-pg-muted">データベース（member_table_id）を選ぶと、その項目を読み込みます。</p>
      ) : !ctx.ready ? (
        <p className="krs-pg-muted" role="status">
          送信先の準備を待っています…
        </p>
      ) : current === null ? (
        <p className="krs-pg-muted" role="status">
          データベース {tableId} の項目を読み込んでいます…
        </p>
      ) : current.error ? (
        <p className="krs-pg-ng" role="alert">
          データベース {tableId} の項目を読み込めませんでした（{current.error}）。JSON エディタで <code>e_項目ID</code>{' '}
          をキーに入力できます。
        </p>
      ) : (
        <>
          <p className="krs-pg-muted" data-testid="member-info-source">
            送信先のデータベース {tableId} の項目です。
          </p>
          {editable.slice(0, rowCount).map((e) => (
            <ElementRow key={e.id} element={e} formId={id} value={value[`e_${e.id}`]} onChange={setElement} />
          ))}
          {automatic.length > 0 && allRows ? (
            <p className="krs-pg-muted">
              自動で設定される項目（入力しません）: {automatic.map((e) => `${e.name}（e_${e.id}）`).join('、')}
            </p>
          ) : null}
        </>
      )}
      {others.length > 0 ? (
        <div className="krs-pg-element">
          <p className="krs-pg-muted">{current?.elements ? 'このデータベースにないキー:' : '入力済みのキー:'}</p>
          <ul>
            {others.map((k) => (
              <li key={k}>
                <code>{k}</code>: <code>{JSON.stringify(value[k])}</code>{' '}
                <button
                  type="button"
                  className="button button--sm button--outline button--secondary krs-pg-form-button"
                  onClick={() => set(k, undefined)}
                >
                  削除
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </fieldset>
  )
}
