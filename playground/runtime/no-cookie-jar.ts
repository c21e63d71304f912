// Stands in for `tough-cookie` in the page part of the playground runtime (esbuild `alias` in
// scripts/prepare-playground.ts). MSW keeps the cookies that mocked answers set in a
// tough-cookie jar (with its public-suffix list, about half of the page part's size); the
// emulator never sets a cookie, so this jar holds nothing: requests keep the cookies of the
// page and of their own headers, which MSW reads without the jar. Should an answer ever carry
// Set-Cookie, storing it fails loudly instead of dropping the cookie without a word.

export class MemoryCookieStore {
  idx: Record<string, unknown> = {}
}

export class CookieJar {
  getCookiesSync(_url: string): never[] {
    return []
  }

  async setCookie(cookie: string, url: string): Promise<void> {
    throw new Error(
      `the playground's in-browser emulator keeps no cookies, but the answer from ${url} sets one (${cookie.split('=')[0]}): see runtime/no-cookie-jar.ts`,
    )
  }
}

export const Cookie = {
  fromJSON(_value: unknown): null {
    return null
  },
}
