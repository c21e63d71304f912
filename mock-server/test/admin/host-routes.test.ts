import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { createEngine } from '../../src/index.js'
import { startNodeServer, type RunningServer } from '../../src/node/index.js'
import { EMULATOR_VERSION } from '../../src/kernel/version.js'

let server: RunningServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const admin = (engine: ReturnType<typeof createEngine>, method: string, path: string) =>
  engine.handle(new Request(`http://127.0.0.1:4010/__mock/${path}`, { method }))

describe('GET /__mock/health', () => {
  it('answers ready, the version, the uptime and the number of tenants, without a token', async () => {
    let wall = 1_000_000
    const engine = createEngine({ wallClock: () => wall })
    wall += 42_500
    const r = await admin(engine, 'GET', 'health')
    expect(r.status).toBe(200)
    expect(await r.json()).toEqual({ ready: true, version: EMULATOR_VERSION, uptime_seconds: 42, tenants: 1 })
    await admin(engine, 'POST', 'tenants')
    expect(((await (await admin(engine, 'GET', 'health')).json()) as { tenants: number }).tenants).toBe(2)
  })

  it('EMULATOR_VERSION is the package version', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
    expect(EMULATOR_VERSION).toBe(pkg.version)
  })

  it('an unknown admin route names the routes there are, not a file the package does not ship', async () => {
    const r = await admin(createEngine(), 'GET', 'helth')
    expect(r.status).toBe(404)
    const body = (await r.json()) as { message: string }
    expect(body.message).toContain('no admin route /__mock/helth; the routes are')
    expect(body.message).toContain('health')
    expect(body.message).not.toContain('spec/')
  })
})

describe('POST /__mock/shutdown', () => {
  it('without a host to stop (in-process, MSW) it answers 501 not_available', async () => {
    const r = await admin(createEngine(), 'POST', 'shutdown')
    expect(r.status).toBe(501)
    expect(((await r.json()) as { error: string }).error).toBe('not_available')
  })

  it('on the Node door from loopback: 202, then the host is told, after the answer', async () => {
    let told = 0
    server = await startNodeServer(createEngine({ onShutdownRequest: () => void told++ }), { port: 0 })
    const r = await fetch(`${server.url}/__mock/shutdown`, { method: 'POST' })
    expect(r.status).toBe(202)
    expect(await r.json()).toEqual({ shutting_down: true })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(told).toBe(1)
  })

  it('never from another address, even when remote admin calls are allowed', async () => {
    let told = 0
    const engine = createEngine({ onShutdownRequest: () => void told++ })
    // The door marks where the call came from; an address off loopback with --admin-remote:
    const r = await engine.respond({
      method: 'POST',
      path: '/__mock/shutdown',
      query: '',
      header: () => undefined,
      bodyText: '',
      adminAllowed: true,
      fromLoopback: false,
    })
    expect(r.status).toBe(403)
    expect(JSON.parse(String(r.body)).error).toBe('forbidden')
    expect(told).toBe(0)
  })
})
