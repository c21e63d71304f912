import type React from 'react'

export interface Bar {
  label: string
  value: number
}

/** The bar's share of the row (a percentage of the largest value; a sliver for zero). */
export function barPercent(value: number, max: number): number {
  return max <= 0 ? 0 : Math.round((1000 * value) / max) / 10
}

/**
 * A horizontal bar chart in HTML (counts by kind, click counts): its labels are text at the
 * page's own size (never scaled down with the chart, as an SVG's are on a phone) and wrap
 * when long, so a tracked URL is shown whole.
 */
export default function BarChart({
  title,
  bars,
  testId,
}: {
  title: string
  bars: Bar[]
  testId: string
}): React.JSX.Element {
  const max = Math.max(0, ...bars.map((b) => b.value))
  return (
    <figure className="krs-pg-chart" data-testid={testId}>
      <figcaption>{title}</figcaption>
      <ul className="krs-pg-bars">
        {bars.map((b) => (
          <li key={b.label} data-bar={b.label} data-value={b.value}>
            <span className="krs-pg-bar-label">{b.label}</span>
            <span className="krs-pg-bar-track" aria-hidden="true">
              <span className="krs-pg-bar" style={{ width: `${barPercent(b.value, max)}%` }} />
            </span>
            <span className="krs-pg-bar-value">{b.value}</span>
          </li>
        ))}
      </ul>
    </figure>
  )
}
