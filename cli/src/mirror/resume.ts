import { appendFile, readFile, rm, writeFile } from 'node:fs/promises'
import type { Answer, ReadOnlyCaller } from './read-only-caller.js'

/** The state file of a pull: next to the output, one finished call a line. */
export function stateFileOf(out: string): string {
  return `${out}.pull-state.jsonl`
}

interface Line {
  key: string
  answer: Answer
}

function keyOf(name: string, body: Record<string, unknown>): string {
  return `${name} ${JSON.stringify(body)}`
}

/**
 * A caller that records every finished call (each page included) in the state file, and with
 * `resume` answers the calls a previous run finished from it without sending them again.
 */
export async function resumableCaller(
  inner: ReadOnlyCaller,
  stateFile: string,
  resume: boolean,
): Promise<{ caller: ReadOnlyCaller; reused: () => number; done: () => Promise<void> }> {
  const finished = new Map<string, Answer>()
  if (resume) {
    let text = ''
    try {
      text = await readFile(stateFile, 'utf8')
    } catch {
      // nothing finished yet
    }
    for (const raw of text.split('\n')) {
      if (!raw.trim()) continue
      try {
        const line = JSON.parse(raw) as Line
        finished.set(line.key, line.answer)
      } catch {
        // a line cut by the interruption: that call runs again
      }
    }
  } else {
    await writeFile(stateFile, '')
  }
  let reused = 0
  return {
    reused: () => reused,
    done: () => rm(stateFile, { force: true }),
    caller: {
      async call(name, body) {
        const key = keyOf(name, body)
        const known = finished.get(key)
        if (known) {
          reused++
          return known
        }
        const answer = await inner.call(name, body)
        if (answer.status < 500) await appendFile(stateFile, `${JSON.stringify({ key, answer } satisfies Line)}\n`)
        return answer
      },
    },
  }
}
