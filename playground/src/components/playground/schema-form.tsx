import type React from 'react'
import { useMemo } from 'react'
import Form from '@rjsf/core'
import validator from '@rjsf/validator-ajv8'
import type { RJSFSchema, UiSchema } from '@rjsf/utils'
import { readerSchema, readerUiSchema } from './form-schema'
import { readerTemplates, translateJapanese } from './form-templates'
import MemberInfoField, { type PlaygroundFormContext } from './member-info-field'
import MemberTableField from './member-table-field'

const fields = { memberInfo: MemberInfoField, memberTable: MemberTableField }

/**
 * The request form generated from the operation's JSON Schema by react-jsonschema-form, with
 * the playground's templates, Japanese texts and member-info editor (rjsf's own extension
 * points). Controlled by the JSON editor's value: a change here rewrites the editor and back.
 */
export default function SchemaForm({
  schema,
  value,
  onChange,
  context,
}: {
  schema: unknown
  value: unknown
  /** The new body, and the rjsf id of the field the reader changed (`root_member_info`). */
  onChange: (next: unknown, fieldId: string) => void
  context: PlaygroundFormContext
}): React.JSX.Element {
  const shown = useMemo(() => readerSchema(schema) as RJSFSchema, [schema])
  const uiSchema = useMemo(() => readerUiSchema(schema) as UiSchema, [schema])
  return (
    <div className="krs-pg-form" data-testid="schema-form">
      <Form
        schema={shown}
        uiSchema={uiSchema}
        formData={value}
        validator={validator}
        templates={readerTemplates}
        fields={fields}
        formContext={context}
        translateString={translateJapanese}
        noHtml5Validate
        showErrorList={false}
        // Only a reader's edit (rjsf names the field) flows back to the editor: the form's own
        // defaulting on mount or on a new formData must not rewrite the JSON text.
        onChange={(e, id) => {
          if (id !== undefined) onChange(e.formData, id)
        }}
      />
    </div>
  )
}
