import type http from 'node:http'
import type { Duplex } from 'node:stream'
import { setImmediate } from 'node:timers'
import type { RawResponse } from '../kernel/raw-http.js'

/** Method, path, the answer and the milliseconds it took (measured only when someone listens). */
export type AnswerObserver = (method: string, path: string, response: RawResponse, ms: number) => void

/** Hands one answer to the batch (see createAnswerBatch) and tells the observer. */
export type Send = (
  req: http.IncomingMessage,
  res: http.ServerResponse,
  out: RawResponse,
  path: string,
  started: number,
) => void

/**
 * Answers are written at the end of the event-loop turn that computed them, all together
 * (setImmediate, after every request that arrived in the turn was handled), not one by one.
 * A client on another core is then woken once for the batch rather than once per answer:
 * under 50 connections on a 2-core machine, a bare node:http server doing the same answers
 * about 1.6x the requests per second with 40 % less CPU per request (bench/README.md).
 * The state an answer shows is fixed when it is computed; only the socket write waits, for
 * the rest of the turn (microseconds). One failed write never stops the others.
 */
export function createAnswerBatch(onAnswer: AnswerObserver | null): Send {
  // The answers waiting for the end of the turn, four entries each: no object per answer.
  let pending: (http.ServerResponse | number | string[] | Uint8Array)[] = []
  const flush = (): void => {
    const answers = pending
    pending = []
    for (let i = 0; i < answers.length; i += 4) {
      const res = answers[i] as http.ServerResponse
      try {
        res.writeHead(answers[i + 1] as number, answers[i + 2] as string[])
        res.end(answers[i + 3] as Uint8Array)
        forgetWritten(res)
      } catch (e) {
        console.error('[krs-mock] an answer could not be written:', e)
        res.destroy(e as Error)
      }
    }
  }
  const bytes = new BodyBytes()
  return (req, res, out, path, started) => {
    // Without a length an HTTP/1.0 answer can only end by closing the connection, and a
    // request pipelined behind it was executed and never answered.
    const body = bytes.of(out.body)
    const list = headerList(out.headers, bytes.lengthText(body))
    if (pending.length === 0) setImmediate(flush)
    pending.push(res, out.status, list, body)
    if (onAnswer) onAnswer(req.method ?? '', path, out, performance.now() - started)
  }
}

/**
 * The answer of the last request read on a connection, kept on its socket until its bytes are
 * on their way (node-server.ts answerParseErrorsInOrder: a 400 for what follows it on the
 * connection must not pass it).
 */
export const LAST_ANSWER: unique symbol = Symbol('krs-mock last answer')
export type TrackedSocket = Duplex & { [LAST_ANSWER]?: http.ServerResponse | undefined }

/**
 * The socket lets go of `res` once it is written to it: its bytes are then in the socket's
 * queue, ahead of anything written later, so a 400 need not wait for it. A connection kept
 * alive otherwise held its last request and answer, and all they refer to, until its next
 * request: under load the collector copied them for every connection waiting on its client.
 * An answer queued behind an earlier one of the same connection (pipelining) has no socket
 * yet and stays kept.
 */
function forgetWritten(res: http.ServerResponse): void {
  const socket = res.socket as TrackedSocket | null
  if (socket !== null && socket[LAST_ANSWER] === res) socket[LAST_ANSWER] = undefined
}

/**
 * The answer's headers as one flat list for writeHead (node takes [name, value, name, value,
 * ...] as they are): no copy of the answer's header object, which cost several microseconds
 * per request. Made at its final size (a list grown by push is copied as it grows), with
 * X-Krs-Emulator, which tells clients (krs) that they talk to the emulator, not the real
 * service, and Content-Length.
 */
function headerList(headers: Readonly<Record<string, string>>, length: string): string[] {
  let n = 0
  for (const _ in headers) n += 2
  const list = new Array<string>(n + 4)
  let i = 0
  for (const name in headers) {
    list[i++] = name
    list[i++] = headers[name]!
  }
  list[i++] = 'X-Krs-Emulator'
  list[i++] = 'krs-mock'
  list[i++] = 'Content-Length'
  list[i] = length
  return list
}

/** Text answers up to this many characters have their bytes kept for the next same answer. */
const KEPT_TEXT = 64 * 1024

/**
 * An answer's bytes, encoded once here rather than measured here and encoded again by the
 * socket: node writes a Buffer as it is. The last text answer's bytes and the text of their
 * length are kept: an answer sent again as the same string (an unchanged member read again,
 * the engine's answer cache) is not encoded nor measured again.
 */
class BodyBytes {
  private lastText = ''
  private lastBytes: Uint8Array = Buffer.alloc(0)
  private lastLength = '0'

  of(body: string | Uint8Array): Uint8Array {
    if (typeof body !== 'string') return body
    if (body === this.lastText) return this.lastBytes
    const bytes = Buffer.from(body)
    if (body.length <= KEPT_TEXT) {
      this.lastText = body
      this.lastBytes = bytes
      this.lastLength = String(bytes.byteLength)
    }
    return bytes
  }

  /** The `Content-Length` text of bytes `of` returned. */
  lengthText(bytes: Uint8Array): string {
    return bytes === this.lastBytes ? this.lastLength : String(bytes.byteLength)
  }
}
