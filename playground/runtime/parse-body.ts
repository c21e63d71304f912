// Kept apart from validate-body.ts (Ajv): the page parses the editor's text itself, the
// engine's worker validates it.

/** Parses editor text: the value, or a Japanese message for invalid JSON. */
export function parseBodyText(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  if (text.trim() === '') return { ok: true, value: {} }
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch (e) {
    return { ok: false, message: `JSON として読めません: ${(e as Error).message}` }
  }
}
