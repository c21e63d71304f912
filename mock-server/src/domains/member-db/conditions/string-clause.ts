import { msg } from '../../../kernel/messages.js'
import { carrierOf, carriers, type Carrier } from './carrier.js'
import {
  K,
  invalid,
  kindNotAllowed,
  needString,
  needStringArray,
  optNumber,
  type ClauseInput,
  type RowPredicate,
} from './clause-context.js'

export interface StringClauseOptions {
  read: (row: number) => string | null
  /** The key holds e-mail addresses (carrier and error-count kinds apply). */
  email: boolean
  /** Error count of an address (bounces; the mail domain supplies it). */
  errorCount?: (address: string) => number
}

/**
 * Text-like keys: text, textarea, email, url, zip, telephone, autogen, auth, password, last_*.
 * 2-9 compare with `{value}`; 13 contains any of `{values}`, 14 contains none of them.
 */
export function compileStringClause(c: ClauseInput, o: StringClauseOptions): RowPredicate {
  const read = o.read
  switch (c.kind) {
    case K.EMPTY:
      return (r) => {
        const v = read(r)
        return v === null || v === ''
      }
    case K.NOT_EMPTY:
      return (r) => {
        const v = read(r)
        return v !== null && v !== ''
      }
    case K.EQUAL:
    case K.NOT_EQUAL:
    case K.PREFIX:
    case K.NOT_PREFIX:
    case K.SUFFIX:
    case K.NOT_SUFFIX:
    case K.CONTAINS:
    case K.NOT_CONTAINS: {
      const x = needString(c, 'value')
      const positive = [K.EQUAL, K.PREFIX, K.SUFFIX, K.CONTAINS].includes(c.kind as 2)
      const test: (v: string) => boolean =
        c.kind === K.EQUAL || c.kind === K.NOT_EQUAL
          ? (v) => v === x
          : c.kind === K.PREFIX || c.kind === K.NOT_PREFIX
            ? (v) => v.startsWith(x)
            : c.kind === K.SUFFIX || c.kind === K.NOT_SUFFIX
              ? (v) => v.endsWith(x)
              : (v) => v.includes(x)
      // a blank value is the empty string: it matches no positive kind with a non-empty value
      return positive ? (r) => test(read(r) ?? '') : (r) => !test(read(r) ?? '')
    }
    case K.CONTAINS_ANY:
    case K.NOT_CONTAINED: {
      const xs = needStringArray(c, 'values')
      const any = (v: string) => xs.some((x) => v.includes(x))
      return c.kind === K.CONTAINS_ANY ? (r) => any(read(r) ?? '') : (r) => !any(read(r) ?? '')
    }
    case K.EQUAL_CARRIER: {
      if (!o.email) kindNotAllowed(c, msg('family_not_email'))
      const list = c.extra.carriers
      if (!Array.isArray(list) || list.some((x) => !carriers.includes(x as Carrier))) {
        invalid(c, msg('clause_carriers', { carriers: carriers.join(', ') }))
      }
      const wanted = new Set(list as Carrier[])
      return (r) => {
        const v = read(r)
        return v !== null && v !== '' && wanted.has(carrierOf(v))
      }
    }
    case K.EQUAL_ERROR_COUNT: {
      if (!o.email) kindNotAllowed(c, msg('family_not_email'))
      const min = optNumber(c, 'min_value'),
        max = optNumber(c, 'max_value')
      if (min === null && max === null) invalid(c, msg('clause_needs_min_or_max'))
      const count = o.errorCount ?? (() => 0)
      return (r) => {
        const v = read(r)
        if (v === null || v === '') return false
        const n = count(v)
        return (min === null || n >= min) && (max === null || n <= max)
      }
    }
    default:
      kindNotAllowed(c, msg('family_text'))
  }
}
