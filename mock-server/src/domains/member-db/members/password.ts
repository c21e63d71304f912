import type { ElementConfig } from '../member-db-state.js'

/** Special characters allowed in passwords when the element sets no `allow_chars`. */
export const DEFAULT_PASSWORD_SPECIALS = '!#$%&()*+,-./:;<=>?@[]^_{|}~'
/** What a hashed password (and its plain counterpart on forms) reads back as. */
export const PASSWORD_MASK = '******'

const DEFAULT_MIN = 4
const DEFAULT_MAX = 32
const DEFAULT_AUTO = 8

function specialsOf(cfg: ElementConfig): string {
  return cfg.allow_chars ?? DEFAULT_PASSWORD_SPECIALS
}

/**
 * Check a password against the element's rules: letters and digits plus the special
 * characters of `allow_chars`; `require_digit`, `require_alpha`, `require_special`;
 * `min_length`, `max_length`. Returns Japanese messages (empty when valid).
 */
export function passwordProblems(name: string, pw: string, cfg: ElementConfig): string[] {
  const out: string[] = []
  const specials = specialsOf(cfg)
  const min = cfg.min_length ?? DEFAULT_MIN
  const max = cfg.max_length ?? DEFAULT_MAX
  for (const ch of pw) {
    if (!/[A-Za-z0-9]/.test(ch) && !specials.includes(ch)) {
      out.push(`「${name}」に使用できない文字「${ch}」が含まれています（半角英数字と ${specials} が使えます）。`)
      break
    }
  }
  if (pw.length < min) out.push(`「${name}」は${min}文字以上で入力してください。`)
  if (pw.length > max) out.push(`「${name}」は${max}文字以内で入力してください。`)
  if (cfg.require_digit && !/[0-9]/.test(pw)) out.push(`「${name}」には数字を1文字以上含めてください。`)
  if (cfg.require_alpha && !/[A-Za-z]/.test(pw)) out.push(`「${name}」には英字を1文字以上含めてください。`)
  if (cfg.require_special && ![...pw].some((c) => specials.includes(c) && !/[A-Za-z0-9]/.test(c))) {
    out.push(`「${name}」には記号（${specials}）を1文字以上含めてください。`)
  }
  return out
}

const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'

/** The special characters of a config usable in generated passwords (cached per config). */
const generatedSpecials = new WeakMap<ElementConfig, string>()
function specialsForGeneration(cfg: ElementConfig): string {
  let s = generatedSpecials.get(cfg)
  if (s === undefined) {
    s = [...specialsOf(cfg)].filter((c) => !/[A-Za-z0-9]/.test(c)).join('')
    generatedSpecials.set(cfg, s)
  }
  return s
}

const LOWER = 'abcdefghijkmnopqrstuvwxyz'
const DIGITS = '23456789'

/** Generate a password that satisfies the element's rules (blank passwords on add/update). */
export function generatePassword(cfg: ElementConfig, random: () => number): string {
  const min = cfg.min_length ?? DEFAULT_MIN
  const max = cfg.max_length ?? DEFAULT_MAX
  const len = Math.min(max, Math.max(min, cfg.auto_length ?? DEFAULT_AUTO, 3))
  const chars: string[] = []
  chars.push(LOWER[Math.floor(random() * LOWER.length)]!)
  chars.push(DIGITS[Math.floor(random() * DIGITS.length)]!)
  const specials = specialsForGeneration(cfg)
  if (cfg.require_special && specials) chars.push(specials[Math.floor(random() * specials.length)]!)
  while (chars.length < len) chars.push(ALNUM[Math.floor(random() * ALNUM.length)]!)
  for (let i = chars.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    const t = chars[i]!
    chars[i] = chars[j]!
    chars[j] = t
  }
  return chars.join('')
}

/** 53-bit string hash (cyrb53). The emulator's stand-in for a real password hash. */
function cyrb53(s: string, seed = 0): string {
  let h1 = 0xdeadbeef ^ seed,
    h2 = 0x41c6ce57 ^ seed
  for (let i = 0; i < s.length; i++) {
    const ch = s.charCodeAt(i)
    h1 = Math.imul(h1 ^ ch, 2654435761)
    h2 = Math.imul(h2 ^ ch, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  // the hex text of (2097151 & h2) * 2^32 + (h1 >>> 0), padded to 14 digits, built from the two
  // 32-bit halves (integer toString is much faster than the double's)
  return ((2097151 & h2).toString(16) + (h1 >>> 0).toString(16).padStart(8, '0')).padStart(14, '0')
}

/**
 * Hash a password for a hashed_password element: `$krs1$<salt>$<hash>`. Not a secure hash:
 * the emulator only needs "stored value ≠ password" and a way to verify.
 */
export function hashPassword(pw: string, random: () => number): string {
  const salt = Math.floor(random() * 0xffffffff)
    .toString(16)
    .padStart(8, '0')
  return `$krs1$${salt}$${cyrb53(salt + pw)}`
}

export function verifyHashedPassword(pw: string, stored: string): boolean {
  const m = /^\$krs1\$([0-9a-f]{8})\$([0-9a-f]+)$/.exec(stored)
  return !!m && cyrb53(m[1]! + pw) === m[2]
}
