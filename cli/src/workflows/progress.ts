import type { CliIo } from '../io.js'

export interface Progress {
  /** Shows a line: a spinner, the text, and a bar when `percent` is given. */
  update(text: string, percent?: number): void
  /** Clears the line. */
  stop(): void
}

const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏']

function bar(percent: number): string {
  const width = 20
  const full = Math.round((Math.max(0, Math.min(100, percent)) / 100) * width)
  return `[${'#'.repeat(full)}${'.'.repeat(width - full)}] ${String(Math.round(percent)).padStart(3)}%`
}

/** A spinner or progress bar on stderr when it is a terminal; silent when piped. */
export function createProgress(io: CliIo): Progress {
  if (!io.stderrIsTTY) return { update: () => {}, stop: () => {} }
  let frame = 0
  let line = ''
  const draw = () => io.stderr(`\r\x1b[2K${frames[frame++ % frames.length]} ${line}`)
  const timer = setInterval(draw, 120)
  timer.unref?.()
  return {
    update(text, percent) {
      line = percent === undefined ? text : `${text} ${bar(percent)}`
      draw()
    },
    stop() {
      clearInterval(timer)
      io.stderr('\r\x1b[2K')
    },
  }
}
