import { describe, expect, it } from 'vitest'
import { answerText, cutBytes } from '../src/answer.js'
import { parseMcpArgs } from '../src/options.js'

describe('answerText', () => {
  it('answers JSON as it is when it fits, Japanese unescaped', () => {
    expect(answerText({ name: '会員' }, 100, 'h')).toBe('{"name":"会員"}')
    expect(answerText('a,b\n1,2\n', 100, 'h')).toBe('a,b\n1,2\n')
  })

  it('keeps whole items of a long array, with a note naming the counts and the hint', () => {
    const items = Array.from({ length: 100 }, (_, i) => ({ id: i, name: `会員${i}` }))
    const text = answerText(items, 500, 'page on')
    const [json, note] = text.split('\n\n')
    expect(Buffer.byteLength(json as string)).toBeLessThanOrEqual(500)
    const kept = JSON.parse(json as string) as unknown[]
    expect(kept).toEqual(items.slice(0, kept.length))
    expect(Buffer.byteLength(JSON.stringify(items.slice(0, kept.length + 1)))).toBeGreaterThan(500)
    expect(note).toBe(
      `[krs-mcp: answer cut to the first ${kept.length} of 100 items (${Buffer.byteLength(json as string)} of ${Buffer.byteLength(JSON.stringify(items))} bytes, limit 500); page on]`,
    )
  })

  it("cuts an object's longest array and keeps the rest of the object", () => {
    const value = { count: 80, members: Array.from({ length: 80 }, (_, i) => ({ id: i })), other: [1] }
    const [json, note] = answerText(value, 300, 'fewer').split('\n\n')
    const kept = JSON.parse(json as string) as typeof value
    expect(kept.count).toBe(80)
    expect(kept.other).toEqual([1])
    expect(kept.members.length).toBeGreaterThan(0)
    expect(kept.members.length).toBeLessThan(80)
    expect(note).toContain(`\`members\` holds the first ${kept.members.length} of 80 items`)
  })

  it('cuts other text at a character boundary', () => {
    expect(cutBytes('あいう', 4)).toBe('あ')
    expect(cutBytes('あいう', 6)).toBe('あい')
    const text = answerText('あ'.repeat(2000), 1000, 'narrow it')
    expect(text.startsWith('あ'.repeat(333))).toBe(true)
    expect(text).toContain('[krs-mcp: answer cut at 999 of 6000 bytes (limit 1000); narrow it]')
  })
})

describe('parseMcpArgs', () => {
  it('takes flags over KRS_* variables', () => {
    const r = parseMcpArgs(['--base-url', 'http://127.0.0.1:1/t_1/api/v1'], {
      KRS_BASE_URL: 'http://x',
      KRS_API_TOKEN: 'tok',
    })
    expect(r).toMatchObject({
      kind: 'run',
      options: { baseUrl: 'http://127.0.0.1:1/t_1/api/v1', token: 'tok', allowWrites: false, production: false },
    })
  })

  it('takes the HTTP bearer token from --http-token or KRS_MCP_HTTP_TOKEN', () => {
    const r = parseMcpArgs(['--http', '0'], { KRS_MCP_HTTP_TOKEN: 'from-the-environment-1' })
    expect(r).toMatchObject({ kind: 'run', options: { httpPort: 0, httpToken: 'from-the-environment-1' } })
  })

  it.each([
    [['--http', 'x'], '--http: expected an integer'],
    [['--base-url', 'ftp://x'], 'not an http(s) URL'],
    [['--i-understand-this-is-production'], 'only makes sense with --allow-writes'],
    [['--nope'], "Unknown option '--nope'"],
    [['--http-token', 'a-long-enough-token'], '--http-token only makes sense with --http'],
    [['--http', '0', '--http-token', 'short'], 'at least 16 characters'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseMcpArgs(argv, {})).toThrow(message)
  })
})

describe('MCP_VERSION', () => {
  it('is the package version', async () => {
    const { MCP_VERSION } = await import('../src/version.js')
    const pkg = (await import('../package.json', { with: { type: 'json' } })).default as { version: string }
    expect(MCP_VERSION).toBe(pkg.version)
  })
})
