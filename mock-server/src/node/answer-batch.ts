import type http from 'node:http'
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
      } catch (e) {
        console.error('[krs-mock] an answer could not be written:', e)
        res.destroy(e as Error)
      }
    }
  }
  const bytes = createBodyBytes()
  return (req, res, out, path, started) => {
    // X-Krs-Emulator tells clients (krs) that they talk to the emulator, not the real service.
    // One flat list for writeHead (node takes [name, value, name, value, ...] as they are):
    // no copy of the answer's header object, which cost several microseconds per request.
    const headers = out.headers
    const list: string[] = []
    for (const name in headers) list.push(name, headers[name]!)
    // Without a length an HTTP/1.0 answer can only end by closing the connection, and a
    // request pipelined behind it was executed and never answered.
    const body = bytes(out.body)
    list.push('X-Krs-Emulator', 'krs-mock', 'Content-Length', String(body.byteLength))
    if (pending.length === 0) setImmediate(flush)
    pending.push(res, out.status, list, body)
    if (onAnswer) onAnswer(req.method ?? '', path, out, performance.now() - started)
  }
}

/** Text answers up to this many characters have their bytes kept for the next same answer. */
const KEPT_TEXT = 64 * 1024

/**
 * An answer's bytes, encoded once here rather than measured here and encoded again by the
 * socket: node writes a Buffer as it is. The last text answer's bytes are kept: an answer
 * sent again as the same string (an unchanged member read again, the engine's answer cache)
 * is not encoded again.
 */
function createBodyBytes(): (body: string | Uint8Array) => Uint8Array {
  let lastText = ''
  let lastBytes: Uint8Array = Buffer.alloc(0)
  return (body) => {
    if (typeof body !== 'string') return body
    if (body === lastText) return lastBytes
    const bytes = Buffer.from(body)
    if (body.length <= KEPT_TEXT) {
      lastText = body
      lastBytes = bytes
    }
    return bytes
  }
}
