/** Syntax checks of e-mail addresses, URLs, zip codes and telephone numbers. */

// Local parts of Japanese mobile addresses may contain consecutive dots or a dot before
// '@' (legacy docomo/au addresses); the service accepts them, and so do we.
const EMAIL_RE =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/
const URL_RE = /^https?:\/\/[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::\d{1,5})?(?:[/?#][\x21-\x7E]*)?$/
const ZIP_RE = /^(?:\d{7}|\d{3}-\d{4})$/
const TEL_RE = /^0\d{1,4}-?\d{1,4}-?\d{3,4}$/

export function isEmail(s: string): boolean {
  return s.length <= 256 && EMAIL_RE.test(s)
}
export function isUrl(s: string): boolean {
  return s.length <= 2048 && URL_RE.test(s)
}
/** Zip: 7 digits, or 3 digits, hyphen, 4 digits. */
export function isZip(s: string): boolean {
  return ZIP_RE.test(s)
}
/**
 * Japanese telephone numbers, optional hyphens: mobile and IP phones (050, 070, 080, 090)
 * have 11 digits, other numbers starting with 0 have 10 (0120 free dial: 10).
 */
export function isTelephone(s: string): boolean {
  if (!TEL_RE.test(s)) return false
  const digits = s.replace(/-/g, '')
  return /^0[5789]0/.test(digits) ? digits.length === 11 : digits.length === 10
}
