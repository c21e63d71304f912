import { Worker } from 'node:worker_threads'
import type { ParsedBody } from '../kernel/raw-http.js'

/**
 * JSON.parse of a large body off the event loop: the door hands the body's bytes to a worker
 * thread as they arrive, and the parsed value comes back by structured clone (for a body that
 * is one long string, a copy of that string). Parsing a 59 MB body takes 80–120 ms of CPU and
 * more under load; in the worker, other clients keep being answered meanwhile.
 */
export interface LargeBodyParser {
  begin(): LargeBodyParse
}

export interface LargeBodyParse {
  push(chunk: Uint8Array): void
  /** The parsed body, or the parser's message when it is not JSON. */
  finish(): Promise<ParsedBody>
  /** The body is not wanted after all (refused while being read): forget its bytes. */
  drop(): void
}

// CommonJS source of the worker, run with `eval`, so that no build has to ship a second entry.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads')
const bodies = new Map()
parentPort.on('message', (m) => {
  if (m.chunk !== undefined) {
    let parts = bodies.get(m.id)
    if (!parts) bodies.set(m.id, (parts = []))
    parts.push(m.chunk)
    return
  }
  const parts = bodies.get(m.id) || []
  bodies.delete(m.id)
  if (m.drop) return
  let out
  try {
    out = { id: m.id, value: JSON.parse(Buffer.concat(parts).toString('utf8')) }
  } catch (e) {
    out = { id: m.id, error: String(e && e.message) }
  }
  parentPort.postMessage(out)
})
`

type Answer = { id: number; value: unknown } | { id: number; error: string }

/** The door's parser: one worker, started on the first large body, not keeping the process alive. */
export function workerBodyParser(): LargeBodyParser {
  let worker: Worker | null = null
  let nextId = 0
  const waiting = new Map<number, { resolve(p: ParsedBody): void; reject(e: Error): void }>()

  const started = (): Worker => {
    if (worker) return worker
    const w = new Worker(WORKER_SOURCE, { eval: true })
    w.unref()
    w.on('message', (a: Answer) => {
      const wait = waiting.get(a.id)
      waiting.delete(a.id)
      if (!wait) return
      wait.resolve('error' in a ? { error: a.error } : { value: a.value })
      if (waiting.size === 0) w.unref()
    })
    const fail = (e: Error): void => {
      worker = null
      for (const wait of waiting.values()) wait.reject(e)
      waiting.clear()
    }
    w.on('error', fail)
    w.on('exit', (code) => fail(new Error(`the JSON worker stopped (exit code ${code})`)))
    worker = w
    return w
  }

  return {
    begin() {
      const w = started()
      const id = nextId++
      return {
        // a copy: the socket's chunk may share its memory with later reads
        push: (chunk) => w.postMessage({ id, chunk }),
        drop: () => w.postMessage({ id, drop: true }),
        finish: () =>
          new Promise<ParsedBody>((resolve, reject) => {
            waiting.set(id, { resolve, reject })
            // an answer pending keeps the process alive until it comes
            w.ref()
            w.postMessage({ id })
          }),
      }
    },
  }
}
