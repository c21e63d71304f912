/**
 * Bounds on the shape of a request body, checked by a linear scan before `JSON.parse`: the
 * parse of a body of millions of tiny objects (`{"pad":[{},{},…]}`, 57 MB) blocked the event
 * loop for about a minute, and every other client with it. No operation of the contract takes
 * more than tens of thousands of values, so these bounds refuse only hostile bodies, and the
 * largest body they let through parses in tens of milliseconds.
 */
export const JSON_MAX_DEPTH = 64
export const JSON_MAX_CONTAINERS = 200_000
export const JSON_MAX_SEPARATORS = 2_000_000

/**
 * A scan of JSON text fed in pieces (bytes as they arrive, or a whole string): nesting depth,
 * objects and arrays, and `,`/`:` separators outside strings. The structural characters are
 * ASCII, and UTF-8 never uses ASCII bytes inside a multi-byte character, so bytes and UTF-16
 * code units scan alike. `problem` is set at the first bound passed; the scan stops there.
 */
export class JsonShapeScan {
  problem: string | null = null
  private depth = 0
  private containers = 0
  private separators = 0
  private inString = false
  private escaped = false

  /** Back to the start, for another text. */
  reset(): void {
    this.problem = null
    this.depth = 0
    this.containers = 0
    this.separators = 0
    this.inString = false
    this.escaped = false
  }

  feed(chunk: Uint8Array | string): void {
    if (this.problem !== null) return
    const bytes = typeof chunk !== 'string'
    const n = chunk.length
    let { depth, containers, separators, inString, escaped } = this
    for (let i = 0; i < n; i++) {
      const c = bytes ? (chunk as Uint8Array)[i]! : (chunk as string).charCodeAt(i)
      if (inString) {
        if (escaped) escaped = false
        else if (c === 92 /* \ */) escaped = true
        else if (c === 34 /* " */) inString = false
        continue
      }
      if (c === 34) inString = true
      else if (c === 123 /* { */ || c === 91 /* [ */) {
        containers++
        if (++depth > JSON_MAX_DEPTH) {
          this.problem = `the body is nested deeper than ${JSON_MAX_DEPTH} levels`
          break
        }
        if (containers > JSON_MAX_CONTAINERS) {
          this.problem = `the body has more than ${JSON_MAX_CONTAINERS} objects and arrays`
          break
        }
      } else if (c === 125 || c === 93) depth--
      else if (c === 44 /* , */ || c === 58 /* : */) {
        if (++separators > JSON_MAX_SEPARATORS) {
          this.problem = `the body has more than ${JSON_MAX_SEPARATORS} values`
          break
        }
      }
    }
    this.depth = depth
    this.containers = containers
    this.separators = separators
    this.inString = inString
    this.escaped = escaped
  }
}

/** One scan for every whole text (jsonShapeProblem runs to its end before it returns). */
const wholeScan = new JsonShapeScan()

/** The first bound a whole JSON text (as a string or as its UTF-8 bytes) passes, or null. */
export function jsonShapeProblem(text: string | Uint8Array): string | null {
  wholeScan.reset()
  wholeScan.feed(text)
  return wholeScan.problem
}
