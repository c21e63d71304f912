/**
 * Fast calendar arithmetic on day numbers (days since 1970-01-01), without Date objects:
 * conditions evaluate it for every member row. Algorithm: H. Hinnant, "chrono-Compatible
 * Low-Level Date Algorithms".
 */
export function civilFromDays(z: number): { y: number; m: number; d: number } {
  z += 719468
  const era = Math.floor(z / 146097)
  const doe = z - era * 146097
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365)
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100))
  const mp = Math.floor((5 * doy + 2) / 153)
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1
  const m = mp < 10 ? mp + 3 : mp - 9
  return { y: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d }
}
