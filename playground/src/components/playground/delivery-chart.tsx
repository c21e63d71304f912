import type React from 'react'

export interface Bar {
  label: string
  value: number
}

const WIDTH = 520
const ROW = 26
const LABEL = 170

/** A horizontal bar chart in plain SVG (counts by kind, click counts). */
export default function BarChart({ title, bars, testId }: { title: string; bars: Bar[]; testId: string }): React.JSX.Element {
  const max = Math.max(1, ...bars.map((b) => b.value))
  const height = bars.length * ROW + 8
  return (
    <figure className="krs-pg-chart" data-testid={testId}>
      <figcaption>{title}</figcaption>
      <svg role="img" aria-label={title} width="100%" viewBox={`0 0 ${WIDTH} ${height}`}>
        {bars.map((b, i) => {
          const w = Math.round(((WIDTH - LABEL - 60) * b.value) / max)
          const y = i * ROW + 4
          return (
            <g key={b.label} data-bar={b.label} data-value={b.value}>
              <text x={LABEL - 6} y={y + 15} textAnchor="end" fontSize="12" fill="currentColor">
                {b.label}
              </text>
              <rect x={LABEL} y={y} width={Math.max(w, 1)} height={ROW - 8} fill="var(--ifm-color-primary)" rx="2" />
              <text x={LABEL + w + 6} y={y + 15} fontSize="12" fill="currentColor">
                {b.value}
              </text>
            </g>
          )
        })}
      </svg>
    </figure>
  )
}
