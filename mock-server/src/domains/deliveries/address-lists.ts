import type { BounceRule, MailDeliveryState } from '../../model/mail-delivery.js'

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
