import { createHash, type Hash } from 'node:crypto'
import type http from 'node:http'
import { errorResponse } from '../kernel/error-response.js'
import { JOURNAL_TEXT_LIMIT } from '../kernel/journal-body.js'
import { JsonShapeScan } from '../kernel/json-shape.js'
import { decodeUtf8Strict, type RawRequest, type RawResponse } from '../kernel/raw-http.js'
import type { Send } from './answer-batch.js'

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
  /** 413 for a body over the bound, declared or seen. */
  tooLarge(d: DoorRequest): void
  /**
   * Read the body into `raw` (text, UTF-8 check, and for API requests the shape scan and the
   * digest the journal keeps of a long body), then call `done`; nothing when it was refused.
   */
  read(d: DoorRequest, raw: RawRequest, scanShape: boolean, done: () => void): void
}

/**
 * The Node door's body handling: bounded reading, the shape scan as bytes arrive, and refusals
 * that still let the client read the answer. `closing` holds the sockets whose next requests
 * are not executed (the door's own set).
 */
export function createBodyReader(max: number, send: Send, closing: WeakSet<object>): BodyReader {
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

  const tooLarge = (d: DoorRequest): void => {
    const out = errorResponse('KRSKIT_PAYLOAD_TOO_LARGE', `the body must be at most ${max} bytes`)
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

  return { refuse, tooLarge, read: (d, raw, scanShape, done) => readBody(d, raw, scanShape, max, tooLarge, done) }
}

function readBody(
  d: DoorRequest,
  raw: RawRequest,
  scanShape: boolean,
  max: number,
  tooLarge: (d: DoorRequest) => void,
  done: () => void,
): void {
  let chunks: Buffer[] = []
  let size = 0
  let refused = false
  // The shape of the body is scanned as it arrives (json-shape.ts), so a hostile one is
  // refused without ever being parsed and without holding the event loop.
  const scan = scanShape ? new JsonShapeScan() : null
  let digest: Hash | null = null
  d.req.on('data', (chunk: Buffer) => {
    size += chunk.length
    if (size > max) {
      refused = true
      tooLarge(d)
      return
    }
    if (scan) {
      if (scan.problem !== null) return
      scan.feed(chunk)
      if (scan.problem !== null) {
        chunks = []
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
    chunks.push(chunk)
  })
  d.req.on('end', () => {
    if (refused) return
    const problem = scan?.problem ?? null
    const bodyText =
      chunks.length === 0 || problem !== null
        ? ''
        : decodeUtf8Strict(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size))
    chunks = []
    if (bodyText !== null) raw.bodyText = bodyText
    else raw.bodyNotUtf8 = true
    if (scan) raw.bodyShapeProblem = problem
    if (digest) raw.bodySha256 = (digest as Hash).digest('hex')
    done()
  })
}
