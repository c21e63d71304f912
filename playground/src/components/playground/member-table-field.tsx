import type React from 'react'
import { useEffect, useState } from 'react'
import type { FieldProps } from '@rjsf/utils'
import { RequiredMark } from './form-templates'
import type { PlaygroundFormContext } from './member-info-field'
import { memberTables, type MemberTableSummary } from './target-data'

/**
 * member_table_id as a choice among the target's member tables (get_member_tables): a reader
 * does not know the ids of a database yet. With no value, the first table is chosen, so that
 * the fields that depend on it (member_info) show at once. A number input when the target
 * cannot list its tables (or lists none). Registered as the rjsf field `memberTable`.
 */
export default function MemberTableField(props: FieldProps): React.JSX.Element {
  const { formData, onChange, fieldPathId, registry, required, schema } = props
  const ctx = registry.formContext as PlaygroundFormContext
  const [loaded, setLoaded] = useState<{ key: string; tables?: MemberTableSummary[]; error?: string } | null>(null)
  const loadKey = JSON.stringify(ctx.target)
  const id = fieldPathId.$id
  const set = (v: number | undefined): void => onChange(v, fieldPathId.path, undefined, id)

  // biome-ignore lint/correctness/useExhaustiveDependencies: loadKey stands for ctx.target (an object compared by its JSON)
  useEffect(() => {
    if (!ctx.ready) return
    let alive = true
    memberTables(ctx.target, ctx.origin).then(
      (tables) => alive && setLoaded({ key: loadKey, tables }),
      (e: unknown) => alive && setLoaded({ key: loadKey, error: e instanceof Error ? e.message : String(e) }),
    )
    return () => {
      alive = false
    }
  }, [ctx.ready, loadKey])

  const current = loaded?.key === loadKey ? loaded : null
  const tables = current?.tables ?? []
  const value = typeof formData === 'number' ? formData : undefined
  const first = tables[0]?.id
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list arrives or the value is cleared
  useEffect(() => {
    if (value === undefined && first !== undefined) set(first)
  }, [value, first])

  const title = typeof schema.title === 'string' ? schema.title : 'データベースID'
  const label = (
    <label className="control-label krs-pg-label" htmlFor={id}>
      {title}
      {required ? <RequiredMark /> : null}
      <code className="krs-pg-key">member_table_id</code>
    </label>
  )
  if (tables.length > 0) {
    const listed = value === undefined || tables.some((t) => t.id === value)
    return (
      <div className="form-group" data-testid="member-table-select">
        {label}
        <select
          id={id}
          className="krs-pg-input"
          value={value === undefined ? '' : String(value)}
          onChange={(e) => set(e.target.value === '' ? undefined : Number(e.target.value))}
        >
          {tables.map((t) => (
            <option key={t.id} value={t.id}>
              {t.id}: {t.title || `データベース ${t.id}`}
            </option>
          ))}
          {listed ? null : <option value={String(value)}>{value}（送信先にないデータベース）</option>}
        </select>
        <p className="krs-pg-muted krs-pg-field-help">送信先のデータベースです（get_member_tables）。</p>
      </div>
    )
  }
  return (
    <div className="form-group">
      {label}
      <input
        id={id}
        className="krs-pg-input"
        type="number"
        inputMode="numeric"
        min={1}
        value={value === undefined ? '' : String(value)}
        onChange={(e) => set(e.target.value === '' ? undefined : Number(e.target.value))}
      />
      {!ctx.ready || current === null ? (
        <p className="krs-pg-muted" role="status">
          送信先のデータベースを読み込んでいます…
        </p>
      ) : current.error ? (
        <p className="krs-pg-muted">
          送信先のデータベースを読めませんでした（{current.error}）。ID を入力してください。
        </p>
      ) : null}
    </div>
  )
}
