import { msg } from '../../../kernel/messages.js'
import { ROW_MASK } from '../chunks.js'
import type { MultiColumn } from '../member-columns.js'
import {
  K,
  invalid,
  kindNotAllowed,
  needIntArray,
  optNumber,
  type ClauseInput,
  type RowPredicate,
} from './clause-context.js'

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333)
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}

/**
 * Multiple-choice keys, `{options, min_value, max_value}`: 2 exactly these options, 5 all of
 * them, 6 none of them, 13 any of them, 14 not all of them, 15 number of choices in
 * [min_value, max_value], 10 nothing chosen, 20 something chosen.
 */
export function compileMultiClause(c: ClauseInput, col: MultiColumn): RowPredicate {
  const W = col.words
  const bits = col.bits
  const rowTest =
    (f: (w: number, m: number) => boolean, mask: Uint32Array, every: boolean): RowPredicate =>
    (r) => {
      const b = bits.read(r),
        base = (r & ROW_MASK) * W
      for (let w = 0; w < W; w++) {
        const ok = f(b[base + w]!, mask[w]!)
        if (every ? !ok : ok) return !every
      }
      return every
    }
  const maskFrom = (): Uint32Array => {
    const ids = needIntArray(c, 'options')
    const unknown = ids.filter((id) => !col.bitOf.has(id))
    if (unknown.length) invalid(c, msg('clause_unknown_options', { ids: unknown.join(', ') }))
    return col.maskOf(ids)
  }
  switch (c.kind) {
    case K.EMPTY:
      return rowTest((v) => v === 0, new Uint32Array(W), true)
    case K.NOT_EMPTY:
      return rowTest((v) => v !== 0, new Uint32Array(W), false)
    case K.EQUAL:
      return rowTest((v, m) => v === m, maskFrom(), true)
    case K.CONTAINS: {
      const m = maskFrom()
      return rowTest((v, mm) => (v & mm) >>> 0 === mm, m, true)
    }
    case K.NOT_CONTAINED: {
      const p = compileMultiClause({ ...c, kind: K.CONTAINS }, col)
      return (r) => !p(r)
    }
    case K.CONTAINS_ANY:
      return rowTest((v, m) => (v & m) !== 0, maskFrom(), false)
    case K.NOT_EQUAL:
      return rowTest((v, m) => (v & m) === 0, maskFrom(), true)
    case K.EQUAL_COUNT: {
      const min = optNumber(c, 'min_value'),
        max = optNumber(c, 'max_value')
      if (min === null && max === null) invalid(c, msg('clause_needs_min_or_max'))
      const lo = min ?? 0,
        hi = max ?? Infinity
      return (r) => {
        const b = bits.read(r),
          base = (r & ROW_MASK) * W
        let n = 0
        for (let w = 0; w < W; w++) n += popcount(b[base + w]!)
        return n >= lo && n <= hi
      }
    }
    default:
      kindNotAllowed(c, msg('family_multiple_choice'))
  }
}
