import { describe, expect, it } from 'vitest'
import { Session } from '../src/session.js'

const session = (token: string) =>
  new Session({ baseUrl: 'http://127.0.0.1:9', token, allowWrites: false, production: false, maxAnswerBytes: 20_000 })

describe('token scrubbing', () => {
  const token = 'Ab+Cd/Ef=Gh12'

  it('removes the token as it is, URL-encoded (either hex case, + or %20 for a space) and JSON-escaped', () => {
    const s = session(token)
    expect(s.redact(`token ${token}.`)).toBe('token ***.')
    expect(s.redact(`auth=Bearer%20${encodeURIComponent(token)}&x=1`)).toBe('auth=Bearer%20***&x=1')
    expect(s.redact(`q=${encodeURIComponent(token).replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase())}`)).toBe('q=***')
    const spaced = session('two words token')
    expect(spaced.redact('a=two+words+token b=two%20words%20token')).toBe('a=*** b=***')
    const quoted = session('se"cret\\value1')
    const inJson = JSON.stringify({ message: JSON.stringify({ echo: 'se"cret\\value1' }) })
    expect(quoted.redact(inJson)).not.toContain('cret')
    expect(() => JSON.parse(quoted.redact(inJson))).not.toThrow()
  })

  it('leaves the documented emulator token names alone, as a token value too', () => {
    const s = session('krs-all')
    const answer = JSON.stringify({ using_token: 'krs-all', token_names: ['krs-all', 'krs-work'] })
    expect(s.redact(answer)).toBe(answer)
    const guide = "$tenant['tokens']['krs-all'] // 既定 krs-all"
    expect(s.redact(guide)).toBe(guide)
  })

  it('does not scrub ordinary text with a one-character token, only an echoed Authorization', () => {
    const s = session('a')
    const answer = JSON.stringify([{ name: 'a table', value: 'banana' }])
    expect(s.redact(answer)).toBe(answer)
    expect(JSON.parse(s.redact(answer))).toEqual(JSON.parse(answer))
    expect(s.redact('denied for Bearer a')).toBe('denied for Bearer ***')
    expect(s.redact('auth=Bearer%20a&x=1')).toBe('auth=Bearer%20***&x=1')
    expect(s.redact('Bearer abc')).toBe('Bearer abc')
  })
})
