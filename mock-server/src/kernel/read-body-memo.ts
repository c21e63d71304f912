/** Bodies of read-like calls up to this many characters are kept (see ReadBodyMemo). */
export const READ_BODY_MEMO_CHARS = 2048

/**
 * The body of the last read-like call (pipeline.ts READ_ONLY), as its text, its parsed value
 * and the fact that it passed the operation's request schema. A client that sends the same
 * read again (polling a delivery's state, a dashboard, a load test) has its body neither
 * scanned, parsed nor validated again: its text is compared with the kept one, and the
 * handler gets the kept value.
 *
 * The value is deeply frozen before any handler sees it, on every call that keeps it, not
 * only on a repeat: a handler that wrote into its body would throw at once (modules are
 * strict), never change what the next same request means.
 */
export class ReadBodyMemo {
  private op = ''
  private text = ''
  private value: unknown = undefined

  /** The kept body when `op` and `text` are those of the last kept one, else undefined. */
  get(op: string, text: string): unknown {
    return op === this.op && text === this.text ? this.value : undefined
  }

  /** Keep `value`, valid for `op`, frozen (not kept when `text` is longer than the bound). */
  keep(op: string, text: string, value: unknown): void {
    if (text.length > READ_BODY_MEMO_CHARS) return
    this.op = op
    this.text = text
    this.value = deepFreeze(value)
  }
}

function deepFreeze(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value
  for (const key in value) deepFreeze((value as Record<string, unknown>)[key])
  return Object.freeze(value)
}
