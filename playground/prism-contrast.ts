/**
 * Prism themes whose token colours meet WCAG AA contrast (4.5:1) on the theme's own code
 * background: a colour below it is moved towards black (light themes) or white (dark themes)
 * until it passes. The themes' hues are kept; only too-faint colours change.
 */
import type { PrismTheme } from 'prism-react-renderer'

type Rgb = [number, number, number]

function parse(colour: string): Rgb | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim())
  if (hex) {
    const h = hex[1]!.length === 3 ? [...hex[1]!].map((c) => c + c).join('') : hex[1]!
    return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb
  }
  const rgb = /^rgba?\(\s*(\d+)[,\s]+(\d+)[,\s]+(\d+)/i.exec(colour.trim())
  return rgb ? [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])] : null
}

const channel = (c: number): number => {
  const s = c / 255
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
}
const luminance = ([r, g, b]: Rgb): number => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)

export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

const hex = (c: Rgb): string => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`

/** `colour`, or the nearest colour towards black/white that reaches `ratio` against `background`. */
export function readableOn(colour: string, background: string, ratio = 4.6): string {
  const fg = parse(colour)
  const bg = parse(background)
  if (!fg || !bg || contrast(fg, bg) >= ratio) return colour
  const target: Rgb = luminance(bg) > 0.5 ? [0, 0, 0] : [255, 255, 255]
  for (let t = 0.05; t <= 1; t += 0.05) {
    const mixed = fg.map((v, i) => v + (target[i]! - v) * t) as Rgb
    if (contrast(mixed, bg) >= ratio) return hex(mixed)
  }
  return hex(target)
}

export function readableTheme(theme: PrismTheme): PrismTheme {
  const background = theme.plain.backgroundColor ?? '#ffffff'
  return {
    plain: { ...theme.plain, color: theme.plain.color ? readableOn(theme.plain.color, background) : theme.plain.color },
    styles: theme.styles.map((s) => ({
      ...s,
      style: { ...s.style, ...(s.style.color ? { color: readableOn(s.style.color, background) } : {}) },
    })),
  }
}
