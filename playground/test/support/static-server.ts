import { createReadStream, existsSync, statSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.yaml': 'text/yaml; charset=utf-8',
  '.woff2': 'font/woff2',
}

export interface StaticServer {
  origin: string
  close(): Promise<void>
}

const isFile = (p: string): boolean => existsSync(p) && statSync(p).isFile()

/**
 * Resolves a URL path the way a static host does for a Docusaurus build with
 * trailingSlash false: the file itself, then `<path>.html`, then `<path>/index.html`.
 */
export function resolveStaticFile(root: string, urlPath: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  const target = normalize(join(root, decoded))
  if (target !== root && !target.startsWith(root + sep)) return null
  for (const candidate of [target, `${target}.html`, join(target, 'index.html')]) {
    if (isFile(candidate)) return candidate
  }
  return null
}

/** Serves `root` on a random 127.0.0.1 port; unknown paths get 404.html with status 404. */
export async function startStaticServer(root: string): Promise<StaticServer> {
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
    const file = resolveStaticFile(root, path)
    const status = file ? 200 : 404
    const body = file ?? join(root, '404.html')
    res.writeHead(status, { 'content-type': contentTypes[extname(body)] ?? 'application/octet-stream' })
    createReadStream(body).pipe(res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  }
}
