/** Mobile carriers recognised from the domain of an address (the carrier condition). */
export const carriers = ['other', 'docomo', 'au', 'softbank', 'vodafone', 'jphone', 'willcom', 'iphone'] as const
export type Carrier = (typeof carriers)[number]

// Exact domains and parent domains (a subdomain such as "t.vodafone.ne.jp" belongs to its parent).
const DOMAINS: [string, Carrier][] = [
  ['i.softbank.jp', 'iphone'],
  ['docomo.ne.jp', 'docomo'],
  ['ezweb.ne.jp', 'au'],
  ['au.com', 'au'],
  ['softbank.ne.jp', 'softbank'],
  ['disney.ne.jp', 'softbank'],
  ['vodafone.ne.jp', 'vodafone'],
  ['pdx.ne.jp', 'willcom'],
  ['willcom.com', 'willcom'],
  ['wcm.ne.jp', 'willcom'],
]
const JPHONE = /(^|\.)jp-[a-z]\.ne\.jp$/

/**
 * The carrier of an e-mail address by its domain. `iphone` is i.softbank.jp only, never the
 * plain softbank.ne.jp domain; unknown domains (PC mail) are `other`.
 */
export function carrierOf(address: string): Carrier {
  const at = address.lastIndexOf('@')
  const domain = address.slice(at + 1).toLowerCase()
  for (const [d, c] of DOMAINS) {
    if (domain === d || domain.endsWith(`.${d}`)) return c
  }
  if (JPHONE.test(domain)) return 'jphone'
  return 'other'
}
