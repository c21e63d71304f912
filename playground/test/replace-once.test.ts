import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'

// plugins/patches/replace-once.cjs: how the site's loaders patch code of its dependencies (Redoc,
// Docusaurus' theme), each patch exactly once or the build fails.
const require = createRequire(import.meta.url)
const { replaceOnce } = require('../plugins/patches/replace-once.cjs') as {
  replaceOnce: (source: string, pattern: string | RegExp, replacement: string, what: string) => string
}

describe('replaceOnce', () => {
  it('replaces a literal text, taking the replacement as it is ($ included)', () => {
    expect(replaceOnce('a.sort(x); b()', 'a.sort(x);', 'a.sort($1);', 'sort')).toBe('a.sort($1); b()')
  })

  it('replaces a pattern, whose replacement may use its groups', () => {
    expect(replaceOnce('f(1,"Copy")', /(f\(\d,)"Copy"\)/, '$1"コピー")', 'copy')).toBe('f(1,"コピー")')
  })

  it('fails when the text is missing or occurs more than once', () => {
    expect(() => replaceOnce('abc', 'x', 'y', '"x" in file.js')).toThrow('expected one "x" in file.js, found 0')
    expect(() => replaceOnce('xx', 'x', 'y', 'x')).toThrow('expected one x, found 2')
    expect(() => replaceOnce('a1a2', /a\d/, 'b', 'a digit')).toThrow('expected one a digit, found 2')
  })
})
