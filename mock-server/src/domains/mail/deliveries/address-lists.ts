import type { BounceRule, MailDeliveryState } from '../mail-state.js'

/** Domain part of a lower-case address ("@example.com"), or '' when there is none. */
export function domainOf(address: string): string {
  const at = address.lastIndexOf('@')
  return at < 0 ? '' : address.slice(at)
}

/** Membership test for a list of addresses and "@domain" entries (lower-case). */
export function addressMatcher(entries: Iterable<string>): (lowerAddress: string) => boolean {
  const set = new Set(entries)
  if (set.size === 0) return () => false
  return (a) => set.has(a) || set.has(domainOf(a))
}

/** The bounce rule that applies to an address (exact address first, then its domain). */
export function bounceMatcher(rules: readonly BounceRule[]): (lowerAddress: string) => BounceRule | null {
  const byMatch = new Map<string, BounceRule>()
  for (const r of rules) if (!byMatch.has(r.match)) byMatch.set(r.match, r)
  if (byMatch.size === 0) return () => null
  return (a) => byMatch.get(a) ?? byMatch.get(domainOf(a)) ?? null
}

/** A stable number in [0, 1) for an address (FNV-1a), to pick bouncing addresses by rate. */
export function addressHash(lowerAddress: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < lowerAddress.length; i++) {
    h ^= lowerAddress.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return (h >>> 0) / 0x1_0000_0000
}

/** Bounce rules of the scenario, then the error rate (code 5.1.1) for the other addresses. */
export function bounceOfAddress(
  rules: readonly BounceRule[],
  errorRate: number,
): (lowerAddress: string) => BounceRule | null {
  const byRule = bounceMatcher(rules)
  if (errorRate <= 0) return byRule
  const rated: BounceRule = { match: '*', code: '5.1.1', desc: '宛先のメールボックスが存在しません' }
  return (a) => byRule(a) ?? (addressHash(a) < errorRate ? rated : null)
}

/** A hard bounce (5.x.x) counts towards stopping the address. */
export function isHardBounce(code: string): boolean {
  return code.startsWith('5')
}

/** Count one hard bounce of an address; at the threshold it becomes delivery-stopped. */
export function countHardBounce(state: MailDeliveryState, lowerAddress: string): void {
  const n = (state.errorCounts.get(lowerAddress) ?? 0) + 1
  state.errorCounts.set(lowerAddress, n)
  if (n >= state.settings.errorStopThreshold) state.stopped.add(lowerAddress)
}
