import type React from 'react'

export interface Bar {
  label: string
  value: number
}

const ROW = 26
const BAR_AREA = 300
const FONT = 12

/** Width of a label in SVG units at 12 px: full-width characters a whole em, others about 0.6. */
export function labelWidth(text: string): number {
  let w = 0
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the range is Latin-1 (half-width glyphs), control characters included
  for (const ch of text) w += /[\u0000-\u00ff\uff61-\uff9f]/.test(ch) ? FONT * 0.62 : FONT
  return Math.ceil(w)
}

/** A horizontal bar chart in plain SVG (counts by kind, click counts). */
export default function BarChart({
  title,
  bars,
  testId,
}: {
  title: string
  bars: Bar[]
  testId: string
}): React.JSX.Element {
  const max = Math.max(1, ...bars.map((b) => b.value))
  const height = bars.length * ROW + 8
  // Room for the longest label and the longest value, so that neither is clipped.
  const LABEL = Math.max(60, ...bars.map((b) => labelWidth(b.label))) + 12
  const WIDTH = LABEL + BAR_AREA + Math.max(...bars.map((b) => labelWidth(String(b.value))), 8) + 16
  return (
    <figure className="krs-pg-chart" data-testid={testId}>
      <figcaption>{title}</figcaption>
      <svg role="img" aria-label={title} width="100%" viewBox={`0 0 ${WIDTH} ${height}`}>
        {bars.map((b, i) => {
          const w = Math.round((BAR_AREA * b.value) / max)
          const y = i * ROW + 4
          return (
            <g key={b.label} data-bar={b.label} data-value={b.value}>
              <text x={LABEL - 6} y={y + 15} textAnchor="end" fontSize={FONT} fill="currentColor">
                {b.label}
              </text>
              <rect x={LABEL} y={y} width={Math.max(w, 1)} height={ROW - 8} fill="var(--ifm-color-primary)" rx="2" />
              <text x={LABEL + w + 6} y={y + 15} fontSize={FONT} fill="currentColor">
                {b.value}
              </text>
            </g>
          )
        })}
      </svg>
    </figure>
  )
}
