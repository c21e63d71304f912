/**
 * Whether a change the request form reports still applies to the body. The form computes each
 * change from the body it was last drawn with, and some of its changes come late: the database
 * field picks the target's first database once the list has arrived. Such a change, landing
 * after the body moved on without the form (the reader typed into the JSON editor, an example
 * was filled in), would put the older body back and lose what was typed. It applies when the body
 * is still the one the form was drawn with, or the form's own last change (two changes of the form
 * before it is drawn again).
 */
export function formChangeApplies(current: string, drawnWith: string, lastFromForm: string | null): boolean {
  return current === drawnWith || current === lastFromForm
}
