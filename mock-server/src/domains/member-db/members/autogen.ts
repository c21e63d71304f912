import type { MemberElement, MemberTableState } from '../member-db-state.js'

/** The text of an autogen number: prefix + zero-padded counter + suffix. */
export function formatAutogen(el: MemberElement, n: number): string {
  const digits = el.config.number_of_digits ?? 0
  const body = n < 0 ? `-${String(-n).padStart(digits, '0')}` : String(n).padStart(digits, '0')
  return `${el.config.prefix ?? ''}${body}${el.config.suffix ?? ''}`
}

/** Draw the next number of an autogen element (starts at standard_value, moves by add_option). */
export function nextAutogen(table: MemberTableState, el: MemberElement): number {
  const key = String(el.id)
  const n = table.autogenNext[key] ?? el.config.standard_value ?? 1
  table.autogenNext[key] = n + (el.config.add_option ?? 1)
  return n
}

/**
 * Take the numbers of `count` members to come for every autogen element of a table: the first
 * of each, by element id. The table's counters move past them at once, so they are the same
 * whenever the members are made (generated members are made on first read).
 */
export function reserveAutogen(table: MemberTableState, count: number): Map<number, number> {
  const firsts = new Map<number, number>()
  for (const el of table.elements) {
    if (el.type !== 'autogen') continue
    const first = nextAutogen(table, el)
    table.autogenNext[String(el.id)] = first + count * (el.config.add_option ?? 1)
    firsts.set(el.id, first)
  }
  return firsts
}
