import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureSiteBuilt, siteDir } from './support/site-build.js'

// The README's first command ends in `npm start`: the emulator with the default scenario and
// the documentation site on one port. This runs that command as a reader would (only the port
// differs: `npm start -- --port 0` picks a free one and prints it), then checks the site, the
// playground, the API and the admin API on it, and that stopping it frees the port.
const repoRoot = join(siteDir, '..')

describe('npm start (the README quick start)', () => {
  let child: ChildProcess | null = null
  let url = ''
  let output = ''

  beforeAll(async () => {
    ensureSiteBuilt()
    // A process group of its own: npm does not pass SIGTERM on to the server it started.
    child = spawn('npm', ['start', '--', '--port', '0'], {
      cwd: repoRoot,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const started = child
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`npm start did not listen in time:\n${output}`)), 10 * 60_000)
      const onData = (d: Buffer): void => {
        output += d.toString()
        const m = /listening on (http:\/\/\S+)/.exec(output)
        if (m) {
          clearTimeout(timer)
          resolve(m[1]!)
        }
      }
      started.stdout!.on('data', onData)
      started.stderr!.on('data', (d: Buffer) => {
        output += d.toString()
      })
      started.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`npm start exited (${code}) before listening:\n${output}`))
      })
    })
  })

  afterAll(async () => {
    if (child?.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve))
      process.kill(-child.pid, 'SIGTERM')
      await exited
    }
  })

  it('serves the site and the playground pages as HTML', async () => {
    for (const path of ['/', '/playground', '/playground/add_member', '/api']) {
      const res = await fetch(`${url}${path}`, { headers: { accept: 'text/html' } })
      expect(res.status, path).toBe(200)
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/)
      expect(await res.text(), path).toContain('KREISEL')
    }
  })

  it('answers an old link to a page 301 with its clean path', async () => {
    for (const [from, to] of [
      ['/index.html', '/'],
      ['/tutorials.html', '/tutorials'],
      ['/tutorials/getting-started.html', '/tutorials/getting-started'],
      ['/tutorials/getting-started/', '/tutorials/getting-started'],
      ['/errors/', '/errors'],
      ['/errors/index.html', '/errors'],
      ['/soap/index.html', '/soap'],
    ]) {
      const res = await fetch(`${url}${from}`, { headers: { accept: 'text/html' }, redirect: 'manual' })
      expect({ from, status: res.status, location: res.headers.get('location') }).toEqual({
        from,
        status: 301,
        location: to,
      })
    }
  })

  it('answers the API with the default scenario and its tokens', async () => {
    const res = await fetch(`${url}/api/v1/get_member_tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer krs-all' },
      body: '{}',
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('x-krs-emulator')).toBe('krs-mock')
    const tables = (await res.json()) as unknown[]
    expect(tables.length).toBeGreaterThan(0)

    const refused = await fetch(`${url}/api/v1/get_member_tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer not-a-token' },
      body: '{}',
    })
    expect(refused.status).toBe(401)
  })

  it('answers the admin API (the virtual clock) on the same port', async () => {
    const res = await fetch(`${url}/__mock/clock`)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ mode: expect.any(String) })
  })

  it('stops on SIGTERM and frees its port', async () => {
    const pid = child!.pid!
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)))
    process.kill(-pid, 'SIGTERM')
    await exited
    // The server itself, not only npm, must go: within a few seconds nothing answers on the port.
    let answering = true
    for (const deadline = Date.now() + 5000; answering && Date.now() < deadline; ) {
      answering = await fetch(`${url}/api/v1/get_version`, { method: 'POST', body: '{}' }).then(
        () => true,
        () => false,
      )
      if (answering) await new Promise((r) => setTimeout(r, 100))
    }
    expect(answering).toBe(false)
  })
})
