/**
 * The shared reporting format of `npm run bench` (bench/run-all.ts).
 *
 * Each benchmark prints, besides its own human-readable lines, one line per figure:
 *
 *   BENCH {"name":"load.rps","value":5321,"unit":"req/s","goal":">= 3000","baseline":51000,"ratio":0.104}
 *
 * - name: dotted, stable identifier (`<script>.<figure>`);
 * - value, unit: the measurement;
 * - goal: the target as text (`"< 10 %"`, `">= 15x"`), or null when the figure is informative;
 * - baseline: the same quantity for the baseline measured in the same run (raw fetch, bare
 *   node:http, Prism, csv-parse alone, ...), or null;
 * - ratio: value / baseline (null without a baseline);
 * - met (optional): whether the goal is met, when the script can judge it.
 *
 * run-all collects these lines from every script and writes bench/results/latest.json.
 */
export interface BenchFigure {
  name: string
  value: number
  unit: string
  goal: string | null
  baseline: number | null
  ratio: number | null
  met?: boolean
}

export const BENCH_PREFIX = 'BENCH '

/** Print one figure in the shared format (ratio computed from the baseline when omitted). */
export function reportFigure(f: Omit<BenchFigure, 'ratio'> & { ratio?: number | null }): BenchFigure {
  const ratio = f.ratio !== undefined ? f.ratio : f.baseline ? f.value / f.baseline : null
  const figure: BenchFigure = { ...f, ratio: ratio === null ? null : Number(ratio.toFixed(4)) }
  process.stdout.write(`${BENCH_PREFIX}${JSON.stringify(figure)}\n`)
  return figure
}

/** Every BENCH line of a script's output. Lines that do not parse are skipped. */
export function parseBenchLines(text: string): BenchFigure[] {
  const out: BenchFigure[] = []
  for (const line of text.split('\n')) {
    if (!line.startsWith(BENCH_PREFIX)) continue
    try {
      const f = JSON.parse(line.slice(BENCH_PREFIX.length)) as BenchFigure
      if (typeof f.name === 'string' && typeof f.value === 'number') out.push(f)
    } catch {
      // not a figure
    }
  }
  return out
}
