/** `get_member_tables` → `getMemberTables` (type level). */
export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S

/** `get_member_tables` → `getMemberTables`. */
export function camelCase<S extends string>(s: S): CamelCase<S> {
  return s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()) as CamelCase<S>
}
