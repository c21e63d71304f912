import { describe, expect, it } from 'vitest'
import { CookieJar } from '../runtime/no-cookie-jar.js'

// The page part of the playground runtime replaces MSW's cookie jar (prepare-playground.ts):
// it holds nothing, and a cookie set by an answer is refused loudly, never dropped.
describe('the playground runtime cookie jar stand-in', () => {
  it('has no cookies for any URL', () => {
    expect(new CookieJar().getCookiesSync('http://127.0.0.1:4010/api/v1/get_version')).toEqual([])
  })

  it('refuses a Set-Cookie with the cookie name and the URL', async () => {
    await expect(new CookieJar().setCookie('session=abc; Path=/', 'http://127.0.0.1:4010/__mock/x')).rejects.toThrow(
      /keeps no cookies.*http:\/\/127\.0\.0\.1:4010\/__mock\/x.*\(session\)/,
    )
  })
})
