import { msg } from '../../../kernel/messages.js'
import { K, invalid, kindNotAllowed, not, optNumber, type ClauseInput, type RowPredicate } from './clause-context.js'

/** A number per row (a column's chunks). */
export interface RowNumbers {
  get(row: number): number
}

/**
 * Integer keys (integer elements, member id). Kind 2 / 6 take `{value}`, an integer range
 * `{min_value, max_value}` (inclusive, either may be null) or, for ids, `{ids: [...]}`;
 * 13 / 14 take `{values}` (one of them / none of them).
 */
export function compileNumberClause(c: ClauseInput, values: RowNumbers, nullIsNaN: boolean): RowPredicate {
  const isNull = (v: number) => nullIsNaN && Number.isNaN(v)
  switch (c.kind) {
    case K.EMPTY:
      return (r) => isNull(values.get(r))
    case K.NOT_EMPTY:
      return (r) => !isNull(values.get(r))
    case K.EQUAL:
    case K.NOT_EQUAL: {
      let p: RowPredicate
      const ids = c.extra.ids ?? c.extra.values
      if (Array.isArray(ids)) {
        if (ids.some((x) => typeof x !== 'number')) invalid(c, msg('clause_ids_integers'))
        const set = new Set(ids as number[])
        p = (r) => set.has(values.get(r))
      } else if ('value' in c.extra) {
        const x = optNumber(c, 'value')
        if (x === null) invalid(c, msg('clause_value_number'))
        p = (r) => values.get(r) === x
      } else {
        const min = optNumber(c, 'min_value'),
          max = optNumber(c, 'max_value')
        if (min === null && max === null) invalid(c, msg('clause_needs_value_ids_or_range'))
        const lo = min ?? -Infinity,
          hi = max ?? Infinity
        p = (r) => {
          const v = values.get(r)
          return v >= lo && v <= hi
        }
      }
      if (c.kind === K.EQUAL) return p
      return (r) => !isNull(values.get(r)) && !p(r)
    }
    case K.CONTAINS_ANY:
    case K.NOT_CONTAINED: {
      const list = c.extra.values ?? c.extra.ids
      if (!Array.isArray(list) || list.length === 0 || list.some((x) => typeof x !== 'number'))
        invalid(c, msg('clause_needs_values_integers'))
      const set = new Set(list as number[])
      return c.kind === K.CONTAINS_ANY
        ? (r) => set.has(values.get(r))
        : (r) => !isNull(values.get(r)) && !set.has(values.get(r))
    }
    default:
      kindNotAllowed(c, msg('family_integer'))
  }
}

/** A byte table indexed by option id (fast membership for the usual small ids), or null. */
function lookupTable(ids: Set<number>): Uint8Array | null {
  let max = 0
  for (const id of ids) {
    if (id < 0 || id > 65535) return null
    if (id > max) max = id
  }
  const t = new Uint8Array(max + 1)
  for (const id of ids) t[id] = 1
  return t
}

/** Single-choice keys (select, prefecture, sex, marriage): option id, 0 = none. */
export function compileChoiceClause(c: ClauseInput, values: RowNumbers): RowPredicate {
  const ids = (): Set<number> => {
    const list = c.extra.values ?? c.extra.options ?? ('value' in c.extra ? [c.extra.value] : undefined)
    if (!Array.isArray(list) || list.length === 0 || list.some((x) => typeof x !== 'number' || !Number.isInteger(x))) {
      invalid(c, msg('clause_needs_values_options'))
    }
    return new Set(list as number[])
  }
  switch (c.kind) {
    case K.EMPTY:
      return (r) => values.get(r) === 0
    case K.NOT_EMPTY:
      return (r) => values.get(r) !== 0
    case K.EQUAL:
    case K.CONTAINS_ANY: {
      const t = lookupTable(ids())
      return t
        ? (r) => t[values.get(r)] === 1
        : (
            (s) => (r: number) =>
              s.has(values.get(r))
          )(ids())
    }
    case K.NOT_EQUAL:
    case K.NOT_CONTAINED: {
      const t = lookupTable(ids())
      return t
        ? (r) => t[values.get(r)] !== 1
        : not(
            (
              (s) => (r: number) =>
                s.has(values.get(r))
            )(ids()),
          )
    }
    default:
      kindNotAllowed(c, msg('family_single_choice'))
  }
}

/** Boolean keys (yesno, checkbox): -1 null, 0 false, 1 true. */
export function compileBoolClause(c: ClauseInput, values: RowNumbers): RowPredicate {
  switch (c.kind) {
    case K.TRUE:
      return (r) => values.get(r) === 1
    case K.FALSE:
      return (r) => values.get(r) === 0
    case K.EMPTY:
      return (r) => values.get(r) < 0
    case K.NOT_EMPTY:
      return (r) => values.get(r) >= 0
    default:
      kindNotAllowed(c, msg('family_yes_no'))
  }
}
