import type { BodyIssue } from './runtime-loader'

/** What the reader has done to the body so far. */
export interface ReaderActs {
  /** Send was pressed (the body is meant to be complete). */
  sendTried: boolean
  /** The JSON editor was typed in (the reader writes the whole body). */
  editorEdited: boolean
  /** rjsf ids of the form's fields the reader changed (`root_member_info`). */
  touched: ReadonlySet<string>
}

/** The rjsf id of the field at a JSON Pointer (`/member_info/e_4` → `root_member_info_e_4`). */
export const fieldIdOf = (pointer: string): string => `root${pointer.replace(/\//g, '_')}`

/**
 * The body's issues the reader sees: a missing required field only once the reader has
 * touched that field (or one inside it, or the object holding it), typed in the editor or
 * tried to send; any other issue (a wrong value) at once, as it comes from what was entered.
 */
export function shownIssues(issues: readonly BodyIssue[], acts: ReaderActs): BodyIssue[] {
  if (acts.sendTried || acts.editorEdited) return [...issues]
  return issues.filter((i) => {
    if (i.missing === undefined) return true
    const id = fieldIdOf(`${i.path}/${i.missing}`)
    for (const t of acts.touched) if (t === id || t.startsWith(`${id}_`) || id.startsWith(`${t}_`)) return true
    return false
  })
}
