import { relative } from 'node:path'
import type { Reporter, TestModule } from 'vitest/node'

/**
 * A reporter added next to the default one (whose summary lines stay as they are): at the
 * end of the run it prints the ten slowest test files and the run's wall-clock duration, so
 * that a file that starts to soak shows up in every `npm test` log.
 *
 * A file's time is what it cost its worker: import (collect), setup files and every test
 * and hook. Files run in parallel, so these add up to more than the wall-clock time.
 */
export default class SlowestFilesReporter implements Reporter {
  private readonly started = performance.now()
  private readonly count: number

  constructor(count = 10) {
    this.count = count
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
    lines.push(` Wall-clock time of this vitest run: ${((performance.now() - this.started) / 1000).toFixed(1)} s`, ``)
    process.stdout.write(`${lines.join('\n')}\n`)
  }
}
