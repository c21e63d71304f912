import { createHash, type Hash } from 'node:crypto'
import type http from 'node:http'
import { errorResponse } from '../kernel/error-response.js'
import { JOURNAL_TEXT_LIMIT } from '../kernel/journal-body.js'
import { JsonShapeScan } from '../kernel/json-shape.js'
import { msg, pickLanguage, renderMessage } from '../kernel/messages.js'
import { decodeUtf8Strict, type RawRequest, type RawResponse } from '../kernel/raw-http.js'
import type { Send } from './answer-batch.js'
import type { LargeBodyParse, LargeBodyParser } from './json-worker.js'

/** Bytes of a refused body read (and dropped) beyond the largest body before the connection is closed. */
const DRAIN_EXTRA_BYTES = 16 * 1024 * 1024

/** One request as the door carries it from admission to its answer. */
export interface DoorRequest {
  req: http.IncomingMessage
  res: http.ServerResponse
  path: string
  started: number
  /** The declared `Content-Length`, NaN without one. */
  declared: number
}

export interface BodyReader {
  /** Answer now and read the rest of the body, dropping it (see answerAndDrain). */
  refuse(d: DoorRequest, out: RawResponse): void
  /** 413 for a body over `limit` (default: the door's bound), declared or seen; `op` names the operation bounded. */
  tooLarge(d: DoorRequest, limit?: number, op?: string): void
  /**
   * Read the body into `raw` (text, UTF-8 check, and for API requests the shape scan and the
   * digest the journal keeps of a long body), then call `done`; nothing when it was refused.
   * `op` and `limit`: an API request's operation and its body bound (body-bound.ts); an API
   * body over `largeBody.threshold` bytes is parsed off the event loop (json-worker.ts).
   */
  read<R extends RawRequest>(
    d: DoorRequest,
    raw: R,
    api: { op: string; limit: number } | null,
    done: (raw: R) => void,
  ): void
}

/** API bodies over `threshold` bytes are parsed by `parser` (json-worker.ts), off the event loop. */
export interface LargeBodyOptions {
  threshold: number
  parser: LargeBodyParser
}

/**
 * The Node door's body handling: bounded reading, the shape scan as bytes arrive, and refusals
 * that still let the client read the answer. `closing` holds the sockets whose next requests
 * are not executed (the door's own set).
 */
export function createBodyReader(
  max: number,
  send: Send,
  closing: WeakSet<object>,
  largeBody: LargeBodyOptions,
): BodyReader {
  const drainMax = max + DRAIN_EXTRA_BYTES

  /**
   * Answer `out` now and read the rest of the body, dropping it: a client that writes its
   * whole body before it reads the answer (Node's fetch) then sees the answer instead of a
   * reset, and the connection stays usable. Past `drainMax` bytes the connection is closed.
   */
  const refuse = ({ req, res, path, started }: DoorRequest, out: RawResponse): void => {
    req.removeAllListeners('data')
    req.removeAllListeners('end')
    let seen = 0
    let answered = false
    let cut = false
    res.once('finish', () => {
      answered = true
      if (cut) req.socket.destroy()
    })
    if (!req.complete) {
      req.on('data', (chunk: Buffer) => {
        seen += chunk.length
        if (seen <= drainMax) return
        req.removeAllListeners('data')
        req.pause()
        cut = true
        closing.add(req.socket)
        if (answered) req.socket.destroy()
      })
      req.resume()
    }
    send(req, res, out, path, started)
  }

  const tooLarge = (d: DoorRequest, limit = max, op?: string): void => {
    const lang = pickLanguage(d.req.headers['accept-language'])
    const out =
      limit < max && op !== undefined
        ? errorResponse(
            'KRSKIT_PAYLOAD_TOO_LARGE',
            renderMessage(msg('operation_body_too_large', { operation: op, max_bytes: limit }), lang),
            { operation: op },
          )
        : errorResponse('KRSKIT_PAYLOAD_TOO_LARGE', renderMessage(msg('body_too_large', { max_bytes: max }), lang))
    // A body declared far over the bound is not worth reading: answer and close at once.
    if (d.declared > drainMax) {
      d.req.pause()
      closing.add(d.req.socket)
      out.headers.connection = 'close'
      d.res.on('finish', () => d.req.socket.destroy())
      send(d.req, d.res, out, d.path, d.started)
      return
    }
    refuse(d, out)
  }

  return {
    refuse,
    tooLarge,
    read: (d, raw, api, done) => readBody(d, raw, api, api ? api.limit : max, tooLarge, largeBody, done),
  }
}

function readBody<R extends RawRequest>(
  d: DoorRequest,
  raw: R,
  api: { op: string; limit: number } | null,
  max: number,
  tooLarge: (d: DoorRequest, limit?: number, op?: string) => void,
  largeBody: LargeBodyOptions,
  done: (raw: R) => void,
): void {
  const req = d.req as ReadRequest
  req[BODY_READ] = new BodyRead(d, raw, api, max, tooLarge, largeBody, done) as unknown as BodyRead<RawRequest>
  req.on('data', onBodyData)
  // A body of a declared length is whole with its last declared byte (BodyRead.data): the
  // stream's own end is not waited for. Without a length (chunked, or none), it is.
  if (!(d.declared > 0)) req.on('end', onBodyEnd)
}

/** The body being read of a request, on the request: its listeners are shared, not two closures each. */
const BODY_READ: unique symbol = Symbol('krs-mock body read')
type ReadRequest = http.IncomingMessage & { [BODY_READ]?: BodyRead<RawRequest> }

function onBodyData(this: ReadRequest, chunk: Buffer): void {
  this[BODY_READ]!.data(chunk)
}

function onBodyEnd(this: ReadRequest): void {
  this[BODY_READ]!.end()
}

/**
 * One body being read: its bytes, the shape scan (json-shape.ts) as they arrive, so that a
 * hostile body is refused without ever being parsed and without holding the event loop, the
 * digest the journal keeps of a long body, and a large body handed to the parser as it comes.
 * A small API body that arrives in one chunk (the common case) is kept as that chunk and
 * decoded at its end, in the same turn: no list of chunks and no scan object of its own; the
 * engine scans its text (see `single`).
 */
class BodyRead<R extends RawRequest> {
  private size = 0
  private refused = false
  /** The only chunk so far of a small API body, not scanned (see `single`), else null. */
  private first: Buffer | null = null
  private chunks: Buffer[] | null = null
  private scan: JsonShapeScan | null = null
  private digest: Hash | null = null
  private large: LargeBody | null = null

  constructor(
    private readonly d: DoorRequest,
    private readonly raw: R,
    private readonly api: { op: string; limit: number } | null,
    private readonly max: number,
    private readonly tooLarge: (d: DoorRequest, limit?: number, op?: string) => void,
    private readonly largeBody: LargeBodyOptions,
    private readonly done: (raw: R) => void,
  ) {}

  data(chunk: Buffer): void {
    this.size += chunk.length
    const size = this.size
    if (size > this.max) {
      this.refused = true
      this.large?.drop()
      this.tooLarge(this.d, this.api?.limit, this.api?.op)
      return
    }
    // A first API chunk that needs neither a digest nor the parser is only kept: handed on whole
    // at the end if no other chunk follows, else scanned now, before the next one.
    if (this.api && size === chunk.length && size <= JOURNAL_TEXT_LIMIT && size <= this.largeBody.threshold) {
      this.first = chunk
    } else {
      const first = this.first
      if (first !== null) {
        this.first = null
        this.scan = new JsonShapeScan()
        this.take(first, first.length)
      } else if (this.api && this.scan === null) this.scan = new JsonShapeScan()
      this.take(chunk, size)
    }
    if (size === this.d.declared) this.end()
  }

  /** A chunk in order (`size`: the bytes up to its end): scanned, digested, kept or passed on. */
  private take(chunk: Buffer, size: number): void {
    const scan = this.scan
    if (scan) {
      if (scan.problem !== null) return
      scan.feed(chunk)
      if (scan.problem !== null) {
        this.chunks = null
        this.large?.drop()
        return
      }
      if (size > JOURNAL_TEXT_LIMIT) {
        if (!this.digest) {
          this.digest = createHash('sha256')
          if (this.chunks) for (const c of this.chunks) this.digest.update(c)
        }
        this.digest.update(chunk)
      }
    }
    if (this.large) {
      this.large.push(chunk)
      return
    }
    if (this.chunks) this.chunks.push(chunk)
    else this.chunks = [chunk]
    if (this.api && size > this.largeBody.threshold) {
      this.large = new LargeBody(this.largeBody.parser.begin())
      for (const c of this.chunks) this.large.push(c)
      this.chunks = null
    }
  }

  end(): void {
    if (this.refused) return
    const raw = this.raw
    const first = this.first
    if (first !== null) {
      this.single(first)
      return
    }
    const problem = this.scan?.problem ?? null
    if (this.api) raw.bodyShapeProblem = problem
    if (this.digest) raw.bodySha256 = this.digest.digest('hex')
    if (this.large) {
      this.large.end(raw, problem, () => this.done(raw))
      return
    }
    const chunks = this.chunks
    this.chunks = null
    const bodyText =
      chunks === null || problem !== null
        ? ''
        : decodeUtf8Strict(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, this.size))
    if (bodyText !== null) raw.bodyText = bodyText
    else raw.bodyNotUtf8 = true
    this.done(raw)
  }

  /**
   * An API body of one chunk, small: its text only. The engine scans its shape, unless it is
   * the same text as the last read it kept (kernel/read-body-memo.ts), known to be sound.
   */
  private single(chunk: Buffer): void {
    this.first = null
    const raw = this.raw
    const bodyText = lastSingleBody.textOf(chunk)
    if (bodyText !== null) raw.bodyText = bodyText
    else raw.bodyNotUtf8 = true
    this.done(raw)
  }
}

/**
 * The text of the last small one-chunk API body, kept with a copy of its bytes: the same bytes
 * again (a client polling a read, a dashboard, a load test) are compared with the kept ones
 * (memcmp) instead of being checked and decoded as UTF-8 into a new string (about 0.14 µs of
 * a `get_member_info` call under `perf`). The text is a function of the bytes alone, so one
 * instance serves every door of the process. Bytes that are not UTF-8 are never kept.
 */
export class LastBodyText {
  private bytes: Buffer = Buffer.alloc(0)
  private text = ''

  /** The bytes' text, or null when they are not UTF-8. */
  textOf(chunk: Buffer): string | null {
    if (chunk.length === this.bytes.length && chunk.equals(this.bytes)) return this.text
    const text = decodeUtf8Strict(chunk)
    if (text !== null) {
      this.bytes = Buffer.from(chunk)
      this.text = text
    }
    return text
  }
}

const lastSingleBody = new LastBodyText()

/**
 * A large API body, decoded as it arrives and handed to the parser chunk by chunk: after its
 * last byte, neither decoding nor parsing holds the event loop.
 */
class LargeBody {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true })
  private text: string[] = []
  private notUtf8 = false

  constructor(private parse: LargeBodyParse | null) {}

  push(chunk: Buffer): void {
    this.decode(chunk)
    this.parse?.push(chunk)
  }

  /** The body is refused while being read: the parser forgets it. */
  drop(): void {
    this.parse?.drop()
    this.parse = null
  }

  /** Its text (or why not) into `raw`, and its parsed value once the parser has it; then `done`. */
  end(raw: RawRequest, problem: string | null, done: () => void): void {
    this.decode(undefined)
    // one flat copy (a string built by += is flattened later, at a higher cost)
    if (this.notUtf8) raw.bodyNotUtf8 = true
    else if (problem === null) raw.bodyText = this.text.join('')
    this.text = []
    const parse = this.parse
    if (problem !== null || this.notUtf8 || !parse) {
      this.drop()
      done()
      return
    }
    // Should the worker fail, the pipeline parses the text itself (slower, same answer).
    parse.finish().then(
      (parsed) => {
        raw.parsedBody = parsed
        done()
      },
      () => done(),
    )
  }

  private decode(chunk: Buffer | undefined): void {
    if (this.notUtf8) return
    try {
      this.text.push(chunk ? this.decoder.decode(chunk, { stream: true }) : this.decoder.decode())
    } catch {
      this.notUtf8 = true
      this.text = []
    }
  }
}
