import type { Page } from 'playwright-core'

/**
 * Types `text` into the playground's JSON editor, and again until the editor holds exactly it.
 * The request form can still make a change of its own while the page settles (the database
 * field picks the target's first database once the list arrives). Landing between Playwright's
 * select-all and its insert, that change leaves the form's body with the text appended after it,
 * a moment no person can type into; later, the app keeps the typed body (formChangeApplies).
 */
export async function fillBody(page: Page, text: string): Promise<void> {
  const editor = page.locator('[data-testid="body-editor"]')
  for (let attempt = 1; ; attempt++) {
    await editor.fill(text)
    const held = await editor.inputValue()
    if (held === text) return
    if (attempt === 5) throw new Error(`the JSON editor holds ${JSON.stringify(held)}, not ${JSON.stringify(text)}`)
  }
}
