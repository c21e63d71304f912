import type React from 'react'
import Form from '@rjsf/core'
import validator from '@rjsf/validator-ajv8'
import type { RJSFSchema, UiSchema } from '@rjsf/utils'

const uiSchema: UiSchema = { 'ui:submitButtonOptions': { norender: true } }

/**
 * The request form generated from the operation's JSON Schema by react-jsonschema-form.
 * Controlled by the JSON editor's value: a change here rewrites the editor and back.
 */
export default function SchemaForm({ schema, value, onChange }: { schema: unknown; value: unknown; onChange: (next: unknown) => void }): React.JSX.Element {
  return (
    <div className="krs-pg-form" data-testid="schema-form">
      <Form
        schema={schema as RJSFSchema}
        uiSchema={uiSchema}
        formData={value}
        validator={validator}
        noHtml5Validate
        showErrorList={false}
        // Only a reader's edit (rjsf names the field) flows back to the editor: the form's own
        // defaulting on mount or on a new formData must not rewrite the JSON text.
        onChange={(e, id) => {
          if (id !== undefined) onChange(e.formData)
        }}
      />
    </div>
  )
}
