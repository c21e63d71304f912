import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { describe, expect, it } from 'vitest'
import { useStaticSite } from './static-site.js'

// The timing cases of --static (a link swapped in while a file is served, a large file's
// compression off the request path): seconds each, so they run in the slow suite, beside
// static-files-hardening.test.ts.

const site = useStaticSite()
const get = site.get

describe('--static under load', () => {
  it('never serves the outside file of a symbolic link swapped in while it is being served', async () => {
    await writeFile(join(site.dir(), 'site', 'inside.txt'), 'INSIDE')
    // Another process swaps site/swap.txt between an inside file and a link to the outside.
    const swapper = spawn(process.execPath, [
      '-e',
      `const fs = require('node:fs'); const p = require('node:path');
       const site = ${JSON.stringify(join(site.dir(), 'site'))}; const out = ${JSON.stringify(join(site.dir(), 'outside.txt'))};
       const end = Date.now() + 8000;
       while (Date.now() < end) {
         try { fs.copyFileSync(p.join(site, 'inside.txt'), p.join(site, 'tmp-file')); fs.renameSync(p.join(site, 'tmp-file'), p.join(site, 'swap.txt')) } catch {}
         try { fs.symlinkSync(out, p.join(site, 'tmp-link')); fs.renameSync(p.join(site, 'tmp-link'), p.join(site, 'swap.txt')) } catch {}
       }`,
    ])
    try {
      let inside = 0
      let outside = 0
      for (let i = 0; i < 1500; i++) {
        const r = await get('/swap.txt')
        if (r.text === 'INSIDE') inside++
        if (r.text.includes('OUTSIDE')) outside++
      }
      expect(outside).toBe(0)
      expect(inside).toBeGreaterThan(0)
    } finally {
      swapper.kill('SIGKILL')
    }
  }, 60_000)

  it('does not compress a large file on the request path: the event loop never stalls', async () => {
    // 8 MB of text that compresses slowly (random base64)
    await writeFile(join(site.dir(), 'site', 'big.txt'), randomBytes(6 * 1024 * 1024).toString('base64'))
    // The server runs in this process: the longest stall of its event loop is what every
    // other client would wait (compressing 8 MB with brotli took about a second).
    const loop = monitorEventLoopDelay({ resolution: 10 })
    loop.enable()
    const first = await get('/big.txt', { 'accept-encoding': 'br' })
    expect(first.status).toBe(200)
    expect(first.text.length).toBe(8 * 1024 * 1024)
    // its variants are made in the background and served from then on
    await expect
      .poll(async () => (await get('/big.txt', { 'accept-encoding': 'br' })).encoding, { timeout: 20_000 })
      .toBe('br')
    loop.disable()
    expect(loop.max / 1e6).toBeLessThan(1000)
  }, 30_000)
})
