import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runKrs } from './support/memory-io.js'

const token = 'tok-abcdefghijklmnopqrstuvwxyz-0123'

function home() {
  return { XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'krs-config-')) }
}

/** Where a dry run would send the request, and with which token (--show-token prints it). */
async function target(argv: string[], env: Record<string, string>) {
  const r = await runKrs(['--dry-run', '--show-token', ...argv, 'get-member-tables'], { env })
  expect(r.stderr).toBe('')
  return {
    url: /curl -sS -X POST '([^']+)'/.exec(r.stdout)?.[1],
    auth: /Authorization: Bearer ([^']+)'/.exec(r.stdout)?.[1],
  }
}

describe('krs config', () => {
  it('set writes the profile file (owner-only), list and get never print the token in full', async () => {
    const env = home()
    expect((await runKrs(['config', 'set', 'token', token], { env })).code).toBe(0)
    await runKrs(['config', 'set', 'env-id', 'env123'], { env })
    const file = join(env.XDG_CONFIG_HOME, 'krs', 'config.json')
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      current: 'default',
      profiles: { default: { token, env_id: 'env123' } },
    })
    expect(statSync(file).mode & 0o077).toBe(0)
    const list = await runKrs(['config', 'list'], { env })
    expect(list.stdout).not.toContain(token)
    expect(list.stdout).toContain('tok-…0123')
    expect(list.stdout).toContain('env123')
    const get = await runKrs(['config', 'get', 'token'], { env })
    expect(get.stdout).toBe('tok-…0123\n')
    const set = await runKrs(['config', 'set', 'token', token], { env })
    expect(set.stderr).not.toContain(token)
  })

  it('precedence: flags > environment > profile', async () => {
    const env = home()
    await runKrs(['config', 'set', 'base-url', 'http://profile.test'], { env })
    await runKrs(['config', 'set', 'token', 'profile-token-000000'], { env })
    expect(await target([], env)).toEqual({
      url: 'http://profile.test/api/v1/get_member_tables',
      auth: 'profile-token-000000',
    })
    const withEnv = { ...env, KRS_BASE_URL: 'http://env.test', KRS_API_TOKEN: 'environment-token-111' }
    expect(await target([], withEnv)).toEqual({
      url: 'http://env.test/api/v1/get_member_tables',
      auth: 'environment-token-111',
    })
    expect(await target(['--base-url', 'http://flag.test', '--token', 'flag-token-22222222'], withEnv)).toEqual({
      url: 'http://flag.test/api/v1/get_member_tables',
      auth: 'flag-token-22222222',
    })
  })

  it('--env-id builds the production URL; --base-url wins over it', async () => {
    const env = home()
    expect((await target(['--env-id', 'abc'], env)).url).toBe('https://krs.bz/abc/api/v1/get_member_tables')
    expect((await target(['--env-id', 'abc', '--base-url', 'http://127.0.0.1:9/'], env)).url).toBe(
      'http://127.0.0.1:9/api/v1/get_member_tables',
    )
    expect((await target(['--base-url', 'http://127.0.0.1:9/t_1/api/v1'], env)).url).toBe(
      'http://127.0.0.1:9/t_1/api/v1/get_member_tables',
    )
  })

  it('profiles: --profile and KRS_PROFILE select one, `config use` sets the default', async () => {
    const env = home()
    await runKrs(['config', 'set', 'base-url', 'http://a.test'], { env })
    await runKrs(['--profile', 'b', 'config', 'set', 'base-url', 'http://b.test'], { env })
    expect((await target([], env)).url).toBe('http://a.test/api/v1/get_member_tables')
    expect((await target(['--profile', 'b'], env)).url).toBe('http://b.test/api/v1/get_member_tables')
    expect((await target([], { ...env, KRS_PROFILE: 'b' })).url).toBe('http://b.test/api/v1/get_member_tables')
    await runKrs(['config', 'use', 'b'], { env })
    expect((await target([], env)).url).toBe('http://b.test/api/v1/get_member_tables')
  })

  it('`config use` of an unknown profile is exit 2 with the known ones and a guess, and writes nothing', async () => {
    const env = home()
    await runKrs(['--profile', 'staging', 'config', 'set', 'base-url', 'http://s.test'], { env })
    await runKrs(['--profile', 'prod', 'config', 'set', 'base-url', 'http://p.test'], { env })
    const file = join(env.XDG_CONFIG_HOME, 'krs', 'config.json')
    const before = readFileSync(file, 'utf8')
    const typo = await runKrs(['--lang', 'en', 'config', 'use', 'stagign'], { env })
    expect(typo.code).toBe(2)
    expect(typo.stdout).toBe('')
    expect(typo.stderr).toBe(
      `krs: no profile "stagign" (did you mean staging?). Profiles: staging, prod (${file}). To create it: krs config set --profile stagign token <token>\n`,
    )
    const far = await runKrs(['--lang', 'en', 'config', 'use', 'zzz-typo'], { env })
    expect(far.code).toBe(2)
    expect(far.stderr).toMatch(/^krs: no profile "zzz-typo"\. Profiles: staging, prod /)
    expect(readFileSync(file, 'utf8')).toBe(before)
    // a known one, and `default` (the profile in effect when none is named), are taken
    expect((await runKrs(['config', 'use', 'prod'], { env })).code).toBe(0)
    expect((await target([], env)).url).toBe('http://p.test/api/v1/get_member_tables')
    expect((await runKrs(['config', 'use', 'default'], { env })).code).toBe(0)
  })

  it('set token - reads the token from stdin', async () => {
    const env = home()
    await runKrs(['config', 'set', 'token', '-'], { env, stdin: `${token}\n` })
    const file = join(env.XDG_CONFIG_HOME, 'krs', 'config.json')
    expect(JSON.parse(readFileSync(file, 'utf8')).profiles.default.token).toBe(token)
  })

  it('an unknown key is a usage error', async () => {
    const r = await runKrs(['config', 'set', 'colour', 'red'], { env: home() })
    expect(r.code).toBe(2)
    expect(r.stderr).toBe('krs: unknown setting "colour" (one of: token, env-id, base-url)\n')
  })
})

describe('krs config list -o', () => {
  it('gives the profiles as data, tokens masked', async () => {
    const env = home()
    await runKrs(['config', 'set', 'token', token], { env })
    await runKrs(['--profile', 'b', 'config', 'set', 'base-url', 'http://b.test'], { env })
    const json = await runKrs(['config', 'list', '-o', 'json'], { env })
    expect(json.code).toBe(0)
    const data = JSON.parse(json.stdout) as { profiles: unknown[]; in_effect: { profile: string; token: string } }
    expect(data.profiles).toEqual([
      { name: 'default', default: true, token: 'tok-…0123', env_id: null, base_url: null },
      { name: 'b', default: false, token: null, env_id: null, base_url: 'http://b.test' },
    ])
    expect(data.in_effect).toMatchObject({ profile: 'default', token: 'tok-…0123' })
    expect(json.stdout).not.toContain(token)
    const csv = await runKrs(['config', 'list', '-o', 'csv'], { env })
    expect(csv.stdout.split('\n')[0]).toBe('name,default,token,env_id,base_url')
  })
})
