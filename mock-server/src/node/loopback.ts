/** True for 127.0.0.0/8 and ::1 (also IPv4-mapped). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false
  if (address === '::1') return true
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address
  return v4.startsWith('127.')
}
