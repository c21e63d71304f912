/**
 * A target's answer that does not have the shape the contract gives (a stand-in or a
 * broken proxy answering `1` where a list belongs): reported by operation, never as the
 * JavaScript error that using it would raise.
 */
export class ShapeError extends Error {
  override readonly name = 'ShapeError'
  constructor(
    readonly operation: string,
    expected: string,
    got: unknown,
  ) {
    super(
      `unexpected answer shape from ${operation}: expected ${expected}, got ${JSON.stringify(got)?.slice(0, 200) ?? String(got)}`,
    )
  }
}

/** `value` when `ok` holds for it, else a ShapeError naming the operation. */
export function expectShape<T>(operation: string, value: unknown, expected: string, ok: (v: unknown) => boolean): T {
  if (!ok(value)) throw new ShapeError(operation, expected, value)
  return value as T
}

export const isList = (v: unknown): boolean => Array.isArray(v)
export const isRecord = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v)
export const isInteger = (v: unknown): boolean => Number.isInteger(v)
