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

interface Answer {
  res: http.ServerResponse
  status: number
  headers: string[]
  body: RawResponse['body']
}

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
  let pending: Answer[] = []
  const flush = (): void => {
    const answers = pending
    pending = []
    for (const a of answers) {
      try {
        a.res.writeHead(a.status, a.headers)
        a.res.end(a.body)
      } catch (e) {
        console.error('[krs-mock] an answer could not be written:', e)
        a.res.destroy(e as Error)
      }
    }
  }
  return (req, res, out, path, started) => {
    // X-Krs-Emulator tells clients (krs) that they talk to the emulator, not the real service.
    // One flat list for writeHead (node takes [name, value, name, value, ...] as they are):
    // no copy of the answer's header object, which cost several microseconds per request.
    const headers = out.headers
    const list: string[] = []
    for (const name in headers) list.push(name, headers[name]!)
    list.push('X-Krs-Emulator', 'krs-mock')
    // Without a length an HTTP/1.0 answer can only end by closing the connection, and a
    // request pipelined behind it was executed and never answered.
    const body = out.body
    list.push('Content-Length', String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength))
    if (pending.length === 0) setImmediate(flush)
    pending.push({ res, status: out.status, headers: list, body })
    if (onAnswer) onAnswer(req.method ?? '', path, out, performance.now() - started)
  }
}
