import type { Page } from 'playwright-core'

/**
 * Types `text` into the playground's JSON editor (Playwright selects what is there and inserts
 * the text) and checks that the editor holds exactly it: while the reader is in the editor, a
 * change the form makes of its own does not rewrite it (playground-app.tsx, editorHeld).
 */
export async function fillBody(page: Page, text: string): Promise<void> {
  const editor = page.locator('[data-testid="body-editor"]')
  await editor.fill(text)
  const held = await editor.inputValue()
  if (held !== text) throw new Error(`the JSON editor holds ${JSON.stringify(held)}, not ${JSON.stringify(text)}`)
}
