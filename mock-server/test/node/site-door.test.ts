import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEngine } from '../../src/index.js'
import { startNodeServer, type RunningServer } from '../../src/node/index.js'
import { SITE_CSP } from '../../src/node/static-files.js'

// The site's side of the Node door: a page path written in another case answers 301 to the
// page (the site's client router ignores case and crashed over the not-found page), the CSP
// lets the playground reach the targets it offers, and the proxy route forwards only to
// --proxy-target, only for loopback clients of the page's own origin.

let dir: string
let site: RunningServer
let bare: RunningServer
let target: http.Server
let targetUrl: string
const seen: { url: string; headers: http.IncomingHttpHeaders; body: string }[] = []

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'krs-site-door-'))
  await mkdir(join(dir, 'tutorials'), { recursive: true })
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>top</title>')
  await writeFile(join(dir, '404.html'), '<!doctype html><title>not found</title>')
  await writeFile(join(dir, 'errors.html'), '<!doctype html><title>errors</title>')
  await writeFile(join(dir, 'tutorials', 'getting-started.html'), '<!doctype html><title>gs</title>')
  await writeFile(join(dir, 'tutorials.html'), '<!doctype html><title>tutorials</title>')
  target = http.createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (c: string) => {
      body += c
    })
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body })
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('"from the target"')
    })
  })
  await new Promise<void>((done) => target.listen(0, '127.0.0.1', done))
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`
  site = await startNodeServer(createEngine({ members: 5 }), {
    port: 0,
    staticDir: dir,
    proxyTarget: `${targetUrl}/env1/`,
  })
  bare = await startNodeServer(createEngine({ members: 5 }), { port: 0 })
})

afterAll(async () => {
  await site?.close()
  await bare?.close()
  await new Promise<void>((done) => target.close(() => done()))
  await rm(dir, { recursive: true, force: true })
})

describe('wrong-case page paths', () => {
  it.each([
    ['/Errors', '/errors'],
    ['/ERRORS', '/errors'],
    ['/Tutorials/Getting-Started', '/tutorials/getting-started'],
    ['/tutorials/Getting-started', '/tutorials/getting-started'],
  ])('%s answers 301 to %s', async (path, location) => {
    const r = await fetch(`${site.url}${path}`, { redirect: 'manual', headers: { accept: 'text/html' } })
    expect(r.status).toBe(301)
    expect(r.headers.get('location')).toBe(location)
  })

  it('a path that is no page in any case is the not-found page', async () => {
    const r = await fetch(`${site.url}/Tutorials/Nothing`, { headers: { accept: 'text/html' } })
    expect(r.status).toBe(404)
    expect(await r.text()).toContain('not found')
  })
})

describe('the site CSP', () => {
  it('lets the page send to its own origin, loopback servers and the real service, and nowhere else', () => {
    const connect = SITE_CSP.split('; ').find((d) => d.startsWith('connect-src '))
    expect(connect).toBe("connect-src 'self' http://127.0.0.1:* http://localhost:* https://krs.bz")
  })
})

describe('the proxy route (--proxy-target)', () => {
  const post = (server: RunningServer, path: string, headers: Record<string, string> = {}, body = '{"a":1}') =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    })

  it('the site pages say that krs-mock serves them, and where its proxy goes (Server-Timing)', async () => {
    const page = await fetch(`${site.url}/errors`)
    expect(page.headers.get('server-timing')).toBe(
      `krs-mock, krs-proxy;desc="${encodeURIComponent(`${targetUrl}/env1`)}"`,
    )
  })

  it('GET /__proxy tells the page its target (null without one)', async () => {
    expect(await (await fetch(`${site.url}/__proxy`)).json()).toEqual({
      server: 'krs-mock',
      target: `${targetUrl}/env1`,
    })
    expect(await (await fetch(`${bare.url}/__proxy`)).json()).toEqual({ server: 'krs-mock', target: null })
  })

  it('forwards an operation to the target with the token, the body and the language', async () => {
    seen.length = 0
    const r = await post(site, '/__proxy/api/v1/get_version', { authorization: 'Bearer t1', 'accept-language': 'ja' })
    expect(r.status).toBe(200)
    expect(await r.text()).toBe('"from the target"')
    expect(r.headers.get('x-krs-proxy-target')).toBe(`${targetUrl}/env1`)
    expect(seen).toHaveLength(1)
    expect(seen[0]!.url).toBe('/env1/api/v1/get_version')
    expect(seen[0]!.headers.authorization).toBe('Bearer t1')
    expect(seen[0]!.headers['accept-language']).toBe('ja')
    expect(seen[0]!.body).toBe('{"a":1}')
  })

  it('refuses what is not an operation of the target, another origin, a non-JSON body, another Host', async () => {
    seen.length = 0
    expect((await post(site, '/__proxy/http://127.0.0.1:1/x')).status).toBe(404)
    expect((await post(site, '/__proxy/api/v1/get_version/x')).status).toBe(404)
    expect((await post(site, '/__proxy/api/v1/get_version', { origin: 'https://page.example' })).status).toBe(403)
    expect((await post(site, '/__proxy/api/v1/get_version', { 'content-type': 'text/plain' })).status).toBe(415)
    const misdirected = await new Promise<number>((done, fail) => {
      const req = http.request(
        `${site.url}/__proxy/api/v1/get_version`,
        { method: 'POST', headers: { host: 'attacker.example', 'content-type': 'application/json' } },
        (res) => {
          res.resume()
          done(res.statusCode ?? 0)
        },
      )
      req.on('error', fail)
      req.end('{}')
    })
    expect(misdirected).toBe(421)
    expect(seen).toEqual([])
  })

  it('without --proxy-target nothing is forwarded (503 with the flag to use)', async () => {
    const r = await post(bare, '/__proxy/api/v1/get_version')
    expect(r.status).toBe(503)
    expect(((await r.json()) as { message: string }).message).toContain('--proxy-target')
  })
})
