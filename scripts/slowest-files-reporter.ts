import { relative } from 'node:path'
import type { Reporter, TestModule } from 'vitest/node'

/**
 * A reporter added next to the default one (whose summary lines stay as they are): at the
 * end of the run it prints the ten slowest test files and the run's wall-clock duration, so
 * that a file that starts to soak shows up in every `npm test` log.
 *
 * A file's time is what it cost its worker: import (collect), setup files and every test
 * and hook. Files run in parallel, so these add up to more than the wall-clock time.
 *
 * It also prints how many files ran at once over the run (from each file's start on a worker to
 * its end), and the files still running in the run's last stretch with fewer files than workers:
 * a long file that starts late shows up there as the run's tail.
 */
export default class SlowestFilesReporter implements Reporter {
  private readonly started = performance.now()
  private readonly count: number
  /** Each file's start on a worker and end (ms since the reporter started). */
  private readonly spans = new Map<string, { file: string; project: string; start: number; end?: number }>()

  constructor(count = 10) {
    this.count = count
  }

  onTestModuleQueued(m: TestModule): void {
    this.spans.set(m.moduleId + m.project.name, {
      file: relative(process.cwd(), m.moduleId),
      project: m.project.name,
      start: performance.now() - this.started,
    })
  }

  onTestModuleEnd(m: TestModule): void {
    const span = this.spans.get(m.moduleId + m.project.name)
    if (span) span.end = performance.now() - this.started
  }

  /** Seconds with 0, 1, 2, … files running, and the files running in the last stretch below the peak. */
  private concurrency(): string[] {
    const spans = [...this.spans.values()].filter((s) => s.end !== undefined) as {
      file: string
      project: string
      start: number
      end: number
    }[]
    if (spans.length < 2) return []
    const events = spans.flatMap((s) => [
      { at: s.start, d: 1 },
      { at: s.end, d: -1 },
    ])
    events.sort((a, b) => a.at - b.at || a.d - b.d)
    const seconds = new Map<number, number>()
    let running = 0
    let last = 0
    let peak = 0
    for (const e of events) {
      seconds.set(running, (seconds.get(running) ?? 0) + (e.at - last) / 1000)
      running += e.d
      peak = Math.max(peak, running)
      last = e.at
    }
    // the tail: from the last moment `peak` files ran to the last end
    let tailFrom = 0
    running = 0
    for (const e of events) {
      running += e.d
      if (running === peak) tailFrom = e.at
    }
    const tail = spans.filter((s) => s.end > tailFrom).sort((a, b) => a.start - b.start)
    const counts = [...seconds.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([n, sec]) => `${n}: ${sec.toFixed(0)} s`)
      .join(', ')
    return [
      ` Files running at once (count: time): ${counts}`,
      ` The last ${((last - tailFrom) / 1000).toFixed(0)} s ran fewer than ${peak} files; running then (start → end, s):`,
      ...tail.map(
        (s) =>
          `   ${(s.start / 1000).toFixed(0).padStart(5)} → ${(s.end / 1000).toFixed(0).padStart(5)}  ${s.file}  [${s.project}]`,
      ),
    ]
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const rows = testModules.map((m) => {
      const d = m.diagnostic()
      return {
        project: m.project.name,
        file: relative(process.cwd(), m.moduleId),
        ms: d.collectDuration + d.setupDuration + d.duration,
      }
    })
    rows.sort((a, b) => b.ms - a.ms)
    const top = rows.slice(0, this.count)
    const lines = [``, ` Slowest ${top.length} of ${rows.length} test files (import + tests + hooks):`]
    const width = Math.max(0, ...top.map((r) => r.file.length))
    for (const r of top)
      lines.push(`   ${(r.ms / 1000).toFixed(1).padStart(6)} s  ${r.file.padEnd(width)}  [${r.project}]`)
    lines.push(...this.concurrency())
    lines.push(` Wall-clock time of this vitest run: ${((performance.now() - this.started) / 1000).toFixed(1)} s`, ``)
    process.stdout.write(`${lines.join('\n')}\n`)
  }
}
