import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, it } from 'vitest'

// `npm start` (scripts/start.mjs) on a clone without a built site: the API answers while the
// site is still being built (the build below waits for the test, so the API cannot be waiting
// for it; how fast it answers is a figure for bench/, not a limit for a loaded CI machine), the
// site's pages are the self-reloading "being built" page, and the built site replaces it when
// its build ends. The Docusaurus build (minutes) is replaced by a
// script that writes a one-page site once the test allows it.
const root = fileURLToPath(new URL('..', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'krs-start-'))
const site = join(dir, 'site')
const go = join(dir, 'go')
const builder = join(dir, 'build-site.mjs')
writeFileSync(
  builder,
  `import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
const out = process.argv[2]
while (!existsSync(${JSON.stringify(go)})) await new Promise((r) => setTimeout(r, 50))
mkdirSync(out, { recursive: true })
writeFileSync(out + '/index.html', '<!doctype html><title>built</title><p>the built site</p>')
`,
)
let child: ChildProcess | undefined

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child?.once('exit', r))
    child.kill('SIGTERM')
    await exited
  }
  rmSync(dir, { recursive: true, force: true })
})

async function text(url: string, accept = 'text/html'): Promise<{ status: number; body: string }> {
  const r = await fetch(url, { headers: { accept } })
  return { status: r.status, body: await r.text() }
}

it('answers get_version before the site is built, shows the building page, then serves the built site', async () => {
  child = spawn(process.execPath, [join(root, 'scripts/start.mjs'), '--port', '0'], {
    cwd: root,
    env: { ...process.env, KRS_START_SITE_DIR: site, KRS_START_SITE_BUILD: builder },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString()
  })
  const base = await new Promise<string>((done, fail) => {
    let out = ''
    child?.stdout?.on('data', (d: Buffer) => {
      out += d.toString()
      const m = /listening on (http:\/\/\S+)/.exec(out)
      if (m) done(m[1] as string)
    })
    child?.once('exit', (code) => fail(new Error(`npm start exited (${code}): ${out}${output}`)))
  })
  const version = await fetch(`${base}/api/v1/get_version`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
  expect(version.status).toBe(200)

  for (const path of ['/', '/docs/getting-started']) {
    const r = await text(`${base}${path}`)
    expect(r.body).toContain('ドキュメントサイトを構築中です')
    expect(r.body).toContain('<meta http-equiv="refresh" content="3">')
  }
  expect((await text(`${base}/`)).status).toBe(200)
  // every page of the site is the building page (200), whatever the client asks for, as curl
  for (const path of [
    '/testing',
    '/tutorials/getting-started',
    '/errors',
    '/api',
    '/playground/add_member',
    '/history',
  ]) {
    const r = await text(`${base}${path}`, '*/*')
    expect({ path, status: r.status }).toEqual({ path, status: 200 })
    expect(r.body).toContain('ドキュメントサイトを構築中です')
  }
  // the API and the admin API answer as always; a path that is no page stays not found
  const admin = await fetch(`${base}/__mock/health`)
  expect(admin.status).toBe(200)
  expect((await text(`${base}/no-such-page`, '*/*')).status).toBe(404)

  writeFileSync(go, '')
  const deadline = Date.now() + 30_000
  let home = await text(`${base}/`)
  while (!home.body.includes('the built site') && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100))
    home = await text(`${base}/`)
  }
  expect(home).toEqual({ status: 200, body: expect.stringContaining('the built site') })
  expect(output).toContain('the documentation site is ready')
  // the API still answers after the switch
  const after = await fetch(`${base}/api/v1/get_version`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
  expect(after.status).toBe(200)
})

/** Whether nothing listens on the port any more. */
function refused(port: string): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(Number(port), '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      done(false)
    })
    socket.once('error', (e: NodeJS.ErrnoException) => done(e.code === 'ECONNREFUSED'))
  })
}

/**
 * `npm start` under a supervisor that signals npm's pid alone. The test waits for the `close`
 * of npm's output, which comes only when every process holding it (the start script, the
 * emulator, a site build) is gone, then finds the port closed.
 */
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  it(`${signal} to npm's pid alone stops the servers`, async () => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
    const own = mkdtempSync(join(tmpdir(), 'krs-start-signal-'))
    const outer = spawn(npm, ['start', '--silent', '--', '--port', '0'], {
      cwd: root,
      env: { ...process.env, KRS_START_SITE_DIR: join(own, 'site'), KRS_START_SITE_BUILD: builder },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    try {
      const closed = new Promise<void>((done) => outer.once('close', () => done()))
      const port = await new Promise<string>((done, fail) => {
        let out = ''
        const onData = (d: Buffer) => {
          out += d.toString()
          const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out)
          if (m) done(m[1] as string)
        }
        outer.stdout?.on('data', onData)
        outer.stderr?.on('data', onData)
        outer.once('exit', (code) => fail(new Error(`npm start exited (${code}): ${out}`)))
      })
      expect(await refused(port)).toBe(false)
      outer.kill(signal)
      await closed
      expect(await refused(port)).toBe(true)
    } finally {
      if (outer.exitCode === null && outer.signalCode === null) outer.kill('SIGKILL')
      rmSync(own, { recursive: true, force: true })
    }
  }, 120_000)
}
