import { describe, expect, it } from 'vitest'
import { useStaticSite } from './static-site.js'

const site = useStaticSite()
const get = site.get

describe('--static: what is never served, and never on the request path', () => {
  it('never serves dot-files or dot-folders', async () => {
    for (const path of ['/.env', '/.git/config', '/%2eenv', '/.git/']) {
      const r = await get(path)
      expect(r.status, path).toBe(404)
      expect(r.text).not.toContain('SECRET')
      expect(r.text).not.toContain('[core]')
    }
    expect((await get('/')).status).toBe(200)
  })
})
