import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { nodeTransport } from '../src/node-transport.js'

// `https:` URLs go through node:https with the platform's certificate checks. The fixture is a
// self-signed certificate for 127.0.0.1 (made once with openssl, valid until 2126).
const certFile = fileURLToPath(new URL('./fixtures/loopback-cert.pem', import.meta.url))
const keyFile = fileURLToPath(new URL('./fixtures/loopback-key.pem', import.meta.url))
let server: https.Server
let url = ''

beforeAll(async () => {
  server = https.createServer({ cert: readFileSync(certFile), key: readFileSync(keyFile) }, (req, res) => {
    req.resume()
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'tls-1' })
      res.end(JSON.stringify({ method: req.method, path: req.url }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

it('refuses a certificate that no trusted authority signed, as fetch does', async () => {
  const error = await nodeTransport({
    method: 'POST',
    url: `${url}/api/v1/get_version`,
    headers: {},
    body: '{}',
  }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(TypeError)
  expect((error as Error).message).toBe('fetch failed')
  expect((error as { cause?: { code?: string } }).cause?.code).toBe('DEPTH_ZERO_SELF_SIGNED_CERT')
})

it('talks TLS to a server whose certificate Node trusts (NODE_EXTRA_CA_CERTS, read at start: a child process)', async () => {
  // `npm test` has just built dist/ and says so (KRS_TEST_MOCK_DIST=1, scripts/run-tests.mjs): the
  // child runs the built transport in plain Node. A vitest run of its own runs the sources
  // through tsx, whose start compiles them (seconds on a loaded machine).
  const built = process.env.KRS_TEST_MOCK_DIST === '1'
  const transport = fileURLToPath(new URL(built ? '../dist/node.js' : '../src/node-transport.ts', import.meta.url))
  const script = `
    const { nodeTransport } = await import(${JSON.stringify(transport)})
    const r = await nodeTransport({ method: 'POST', url: ${JSON.stringify(`${url}/api/v1/get_version`)}, headers: {}, body: '{}' })
    console.log(JSON.stringify({ status: r.status, id: r.headers.get('x-request-id'), body: await r.json() }))
  `
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [...(built ? [] : ['--import', 'tsx']), '--input-type=module', '-e', script],
    { env: { ...process.env, NODE_EXTRA_CA_CERTS: certFile }, cwd: fileURLToPath(new URL('..', import.meta.url)) },
  )
  expect(JSON.parse(stdout)).toEqual({
    status: 200,
    id: 'tls-1',
    body: { method: 'POST', path: '/api/v1/get_version' },
  })
})
