import type React from 'react'
import {
  getTemplate,
  getUiOptions,
  TranslatableString,
  type DescriptionFieldProps,
  type FieldTemplateProps,
  type IconButtonProps,
  type TemplatesType,
  type TitleFieldProps,
} from '@rjsf/utils'
import DescriptionText from './description-text'

/** rjsf's fixed texts in Japanese (its `translateString` extension point). */
const japanese: Partial<Record<TranslatableString, string>> = {
  [TranslatableString.ArrayItemTitle]: '要素',
  [TranslatableString.MissingItems]: '要素の定義がありません',
  [TranslatableString.EmptyArray]: 'まだ要素がありません。下のボタンで追加できます。',
  [TranslatableString.YesLabel]: 'はい',
  [TranslatableString.NoLabel]: 'いいえ',
  [TranslatableString.CloseLabel]: '閉じる',
  [TranslatableString.ErrorsLabel]: 'エラー',
  [TranslatableString.NewStringDefault]: '新しい値',
  [TranslatableString.AddButton]: '追加',
  [TranslatableString.AddItemButton]: '要素を追加',
  [TranslatableString.CopyButton]: '複製',
  [TranslatableString.ExpandButton]: '展開',
  [TranslatableString.MoveDownButton]: '下へ',
  [TranslatableString.MoveUpButton]: '上へ',
  [TranslatableString.RemoveButton]: '削除',
  [TranslatableString.NowLabel]: '現在',
  [TranslatableString.ClearLabel]: '消去',
  [TranslatableString.AriaDateLabel]: '日付を選ぶ',
  [TranslatableString.PreviewLabel]: 'プレビュー',
  [TranslatableString.DecrementAriaLabel]: '1 減らす',
  [TranslatableString.IncrementAriaLabel]: '1 増やす',
  [TranslatableString.OptionalObjectAdd]: 'この項目を指定する',
  [TranslatableString.OptionalObjectRemove]: 'この項目を指定しない',
  [TranslatableString.OptionalObjectEmptyMsg]: '指定していません',
  [TranslatableString.Type]: '型',
  [TranslatableString.Value]: '値',
  [TranslatableString.ClearButton]: '入力を消す',
  [TranslatableString.UnknownFieldType]: '扱えない型の項目です（%1）',
  [TranslatableString.OptionPrefix]: '形式 %1',
  [TranslatableString.TitleOptionPrefix]: '%1 の形式 %2',
  [TranslatableString.KeyLabel]: '%1 のキー',
  [TranslatableString.DeprecatedLabel]: '%1（非推奨）',
  [TranslatableString.UnsupportedField]: 'フォームで扱えないスキーマです。JSON エディタで入力してください。',
  [TranslatableString.UnsupportedFieldWithId]: '項目 `%1` はフォームで扱えません。JSON エディタで入力してください。',
  [TranslatableString.UnsupportedFieldWithReason]: 'フォームで扱えないスキーマです（%1）。',
  [TranslatableString.UnsupportedFieldWithIdAndReason]: '項目 `%1` はフォームで扱えません（%2）。',
}

/** rjsf's `translateString`: Japanese, with %1, %2 replaced by the parameters. */
export function translateJapanese(key: TranslatableString, params?: string[]): string {
  const text = japanese[key] ?? key
  return text.replace(/%(\d)/g, (_, n: string) => params?.[Number(n) - 1] ?? '')
}

/** The contract's Markdown descriptions, rendered (not shown as raw Markdown). */
function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps): React.JSX.Element | null {
  if (!description) return null
  return (
    <div id={id} className="field-description krs-pg-field-help">
      {typeof description === 'string' ? <DescriptionText text={description} /> : description}
    </div>
  )
}

/** Object titles: the Japanese title only (schema names are removed by readerSchema). */
function TitleFieldTemplate({ id, title, required }: TitleFieldProps): React.JSX.Element | null {
  if (!title) return null
  return (
    <legend id={id} className="krs-pg-legend">
      {title}
      {required ? <RequiredMark /> : null}
    </legend>
  )
}

export function RequiredMark(): React.JSX.Element {
  return (
    <span className="krs-pg-required" title="必須">
      <span aria-hidden="true"> *</span>
      <span className="krs-visually-hidden">（必須）</span>
    </span>
  )
}

/** The property name a field stands for (`member_table_id`), when it has one. */
function keyOf(props: FieldTemplateProps): string | null {
  const last = props.fieldPathId.path[props.fieldPathId.path.length - 1]
  return typeof last === 'string' ? last : null
}

/** One field: Japanese label, required mark, the JSON key, the description (Markdown), the input. */
function FieldTemplate(props: FieldTemplateProps): React.JSX.Element {
  const {
    id,
    label,
    children,
    errors,
    help,
    rawDescription,
    hidden,
    required,
    displayLabel,
    registry,
    uiSchema,
    schema,
  } = props
  const uiOptions = getUiOptions(uiSchema)
  const WrapIfAdditionalTemplate = getTemplate('WrapIfAdditionalTemplate', registry, uiOptions)
  if (hidden) return <div className="hidden">{children}</div>
  const key = keyOf(props)
  const isCheckbox = uiOptions.widget === 'checkbox' || schema.type === 'boolean'
  // The label already says what a one-sentence description says.
  const description = rawDescription && rawDescription.replace(/[。．\s]+$/, '') !== label ? rawDescription : ''
  return (
    <WrapIfAdditionalTemplate {...props}>
      {displayLabel && !isCheckbox ? (
        <label className="control-label krs-pg-label" htmlFor={id}>
          {label}
          {required ? <RequiredMark /> : null}
          {key && key !== label ? <code className="krs-pg-key">{key}</code> : null}
        </label>
      ) : null}
      {displayLabel && description ? (
        <div id={`${id}__description`} className="field-description krs-pg-field-help">
          <DescriptionText text={description} />
        </div>
      ) : null}
      {children}
      {errors}
      {help}
    </WrapIfAdditionalTemplate>
  )
}

function TextButton({
  text,
  className,
  registry: _registry,
  uiSchema: _ui,
  iconType: _t,
  icon: _i,
  ...rest
}: IconButtonProps & { text: string }): React.JSX.Element {
  return (
    <button
      type="button"
      className={`button button--sm button--outline button--secondary krs-pg-form-button ${className ?? ''}`}
      {...rest}
    >
      {text}
    </button>
  )
}

const t = (props: IconButtonProps, key: TranslatableString): string => props.registry.translateString(key)

/** Buttons with Japanese text (no icon font needed). */
const ButtonTemplates: Partial<TemplatesType['ButtonTemplates']> = {
  AddButton: (p) => <TextButton {...p} title={undefined} text={`＋ ${t(p, TranslatableString.AddButton)}`} />,
  RemoveButton: (p) => <TextButton {...p} title={undefined} text={t(p, TranslatableString.RemoveButton)} />,
  MoveUpButton: (p) => <TextButton {...p} title={undefined} text={t(p, TranslatableString.MoveUpButton)} />,
  MoveDownButton: (p) => <TextButton {...p} title={undefined} text={t(p, TranslatableString.MoveDownButton)} />,
  CopyButton: (p) => <TextButton {...p} title={undefined} text={t(p, TranslatableString.CopyButton)} />,
  ClearButton: (p) => <TextButton {...p} title={undefined} text={t(p, TranslatableString.ClearButton)} />,
}

export const readerTemplates: Partial<Omit<TemplatesType, 'ButtonTemplates'>> & {
  ButtonTemplates: Partial<TemplatesType['ButtonTemplates']>
} = {
  FieldTemplate,
  DescriptionFieldTemplate,
  TitleFieldTemplate,
  ButtonTemplates,
}
