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
    if (Number(d.req.headers['content-length']) > drainMax) {
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
  let chunks: Buffer[] = []
  let size = 0
  let refused = false
  // The shape of the body is scanned as it arrives (json-shape.ts), so a hostile one is
  // refused without ever being parsed and without holding the event loop.
  const scan = api ? new JsonShapeScan() : null
  let digest: Hash | null = null
  let large: LargeBody | null = null
  d.req.on('data', (chunk: Buffer) => {
    size += chunk.length
    if (size > max) {
      refused = true
      large?.drop()
      tooLarge(d, api?.limit, api?.op)
      return
    }
    if (scan) {
      if (scan.problem !== null) return
      scan.feed(chunk)
      if (scan.problem !== null) {
        chunks = []
        large?.drop()
        return
      }
      if (size > JOURNAL_TEXT_LIMIT) {
        if (!digest) {
          digest = createHash('sha256')
          for (const c of chunks) digest.update(c)
        }
        digest.update(chunk)
      }
    }
    if (large) return large.push(chunk)
    chunks.push(chunk)
    if (api && size > largeBody.threshold) {
      large = new LargeBody(largeBody.parser.begin())
      for (const c of chunks) large.push(c)
      chunks = []
    }
  })
  d.req.on('end', () => {
    if (refused) return
    const problem = scan?.problem ?? null
    if (scan) raw.bodyShapeProblem = problem
    if (digest) raw.bodySha256 = (digest as Hash).digest('hex')
    if (large) return large.end(raw, problem, () => done(raw))
    const bodyText =
      chunks.length === 0 || problem !== null
        ? ''
        : decodeUtf8Strict(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size))
    chunks = []
    if (bodyText !== null) raw.bodyText = bodyText
    else raw.bodyNotUtf8 = true
    done(raw)
  })
}

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
