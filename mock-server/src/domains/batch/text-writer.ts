import { type CivilDate, civilFromDays } from '../../lib/day-number.js'
/**
 * A preallocated buffer of UTF-16 code units for writing export files: digits, dates and
 * strings are written as code units (strings quoted as RFC 4180 asks, the same rule as
 * `csvField`), and turned into text a few million characters at a time (`flush`), so a
 * million-row export makes a few hundred strings instead of tens of millions. UTF-16 rather
 * than UTF-8: copying a string is one store per code unit (surrogates copied as they are) and
 * decoding is a plain copy. Reading the files goes through csv-parse; the tests check that
 * csv-parse reads back exactly what this writes.
 */
const QUOTE = 34,
  CR = 13,
  LF = 10,
  COMMA = 44,
  TAB = 9

type Decode = (units: Uint16Array) => string

/** The fastest available UTF-16LE decoder: Node's Buffer when present, TextDecoder otherwise. */
function makeDecoder(): Decode {
  const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1
  if (!littleEndian) {
    return (u) => {
      let s = ''
      for (let i = 0; i < u.length; i += 8192)
        s += String.fromCharCode.apply(null, u.subarray(i, i + 8192) as unknown as number[])
      return s
    }
  }
  const B = (
    globalThis as { Buffer?: { from(a: ArrayBuffer, o: number, l: number): { toString(enc: string): string } } }
  ).Buffer
  if (B) return (u) => B.from(u.buffer as ArrayBuffer, u.byteOffset, u.byteLength).toString('ucs2')
  const td = new TextDecoder('utf-16le')
  return (u) => td.decode(u)
}

const decode = makeDecoder()

export class TextWriter {
  buf: Uint16Array
  pos = 0
  /** Text decoded so far, one string per flush. */
  readonly chunks: string[] = []
  /** The delimiter (',' or TAB) as a code unit: a field containing it is quoted. */
  readonly delim: number
  /** Where `day` reads a date into, so writing one allocates nothing. */
  private readonly civil: CivilDate = { y: 0, m: 0, d: 0 }

  constructor(
    delimiter: ',' | '\t',
    readonly flushAt = 1 << 21,
  ) {
    this.delim = delimiter === ',' ? COMMA : TAB
    this.buf = new Uint16Array(flushAt + (1 << 15))
  }

  /** Make room for `n` more code units: turn what is written into text first. */
  ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return
    this.flush()
    if (n > this.buf.length) this.buf = new Uint16Array(n * 2)
  }

  flush(): void {
    if (this.pos === 0) return
    this.chunks.push(decode(this.buf.subarray(0, this.pos)))
    this.pos = 0
  }

  /** Flush when the buffer holds more than `flushAt` code units (call between rows). */
  maybeFlush(): void {
    if (this.pos >= this.flushAt) this.flush()
  }

  /** One code unit (an ASCII character). */
  byte(b: number): void {
    if (this.pos >= this.buf.length) this.ensure(1)
    this.buf[this.pos++] = b
  }

  /** An integer in decimal. */
  int(n: number): void {
    if (n < 0 || n > 0x7fffffff || !Number.isInteger(n)) {
      this.ascii(String(n))
      return
    }
    this.ensure(10)
    const b = this.buf
    if (n === 0) {
      b[this.pos++] = 48
      return
    }
    let digits = 0
    for (let t = n; t > 0; t = (t / 10) | 0) digits++
    let p = this.pos + digits
    this.pos = p
    for (let t = n; t > 0; t = (t / 10) | 0) b[--p] = 48 + (t % 10)
  }

  /** A non-negative integer (< 2^31) with at least `width` digits (zeros in front). */
  intPadded(n: number, width: number): void {
    let digits = 1
    for (let t = (n / 10) | 0; t > 0; t = (t / 10) | 0) digits++
    this.padded(n, Math.max(digits, width))
  }

  /** `n` as exactly `width` digits (0 ≤ n < 10^width). */
  padded(n: number, width: number): void {
    this.ensure(width)
    const b = this.buf
    let p = this.pos + width
    this.pos = p
    for (let i = 0; i < width; i++) {
      b[--p] = 48 + (n % 10)
      n = (n / 10) | 0
    }
  }

  /** Text known to need no quoting (copied as it is). */
  ascii(s: string): void {
    this.ensure(s.length)
    const b = this.buf
    let p = this.pos
    for (let i = 0; i < s.length; i++) b[p++] = s.charCodeAt(i)
    this.pos = p
  }

  /** A field of any text, quoted when it contains the delimiter, a quote, CR or LF. */
  field(s: string): void {
    const len = s.length
    this.ensure(2 * len + 2)
    const b = this.buf
    const d = this.delim
    const start = this.pos
    let p = start
    let i = 0
    for (; i < len; i++) {
      const c = s.charCodeAt(i)
      if (c === QUOTE || c === d || c === CR || c === LF) break
      b[p++] = c
    }
    if (i < len) {
      // needs quoting: write again, quoted, with the quotes inside doubled
      p = start
      b[p++] = QUOTE
      for (let k = 0; k < len; k++) {
        const c = s.charCodeAt(k)
        if (c === QUOTE) b[p++] = QUOTE
        b[p++] = c
      }
      b[p++] = QUOTE
    }
    this.pos = p
  }

  /** A calendar day number as YYYY-MM-DD (years 0-9999; others as `formatDay` writes them). */
  day(day: number, fallback: (day: number) => string): void {
    const { y, m, d } = civilFromDays(day, this.civil)
    if (y < 0 || y > 9999) {
      this.ascii(fallback(day))
      return
    }
    this.ensure(10)
    this.padded(y, 4)
    this.buf[this.pos++] = 45
    this.padded(m, 2)
    this.buf[this.pos++] = 45
    this.padded(d, 2)
  }

  /** Unix seconds as 'YYYY-MM-DD HH:MM:SS' in JST (`offset` seconds east of UTC). */
  dateTime(unix: number, offset: number, fallback: (day: number) => string): void {
    const t = Math.floor(unix) + offset
    const day = Math.floor(t / 86400)
    const s = t - day * 86400
    this.day(day, fallback)
    this.ensure(9)
    this.buf[this.pos++] = 32
    this.padded(Math.floor(s / 3600), 2)
    this.buf[this.pos++] = 58
    this.padded(Math.floor((s % 3600) / 60), 2)
    this.buf[this.pos++] = 58
    this.padded(s % 60, 2)
  }

  /**
   * Everything written, as one string. The chunks are concatenated with `+` (a rope: no copy
   * of the hundreds of megabytes of a large export here; the engine copies it once when the
   * result file is read, e.g. while encoding the HTTP response).
   */
  text(): string {
    this.flush()
    let s = ''
    for (const c of this.chunks) s += c
    return s
  }
}
