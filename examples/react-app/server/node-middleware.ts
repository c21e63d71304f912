import type { IncomingMessage, ServerResponse } from 'node:http'
import { createKrsClient, type KrsClient } from '@krs-kit/sdk'
import { handleAppApi } from './app-api.ts'

/**
 * `/app-api/*` in a Node server (Vite's preview and dev servers here; Express or any
 * connect-style server in a real deployment): the SDK client is made once from the server's
 * environment, `KRS_BASE_URL` (or `KRS_ENVIRONMENT_ID`) and `KRS_TOKEN`.
 */
export function appApiMiddleware(
  env: NodeJS.ProcessEnv = process.env,
): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  let client: KrsClient | undefined
  const krs = (): KrsClient => {
    client ??= createKrsClient({
      ...(env.KRS_BASE_URL ? { baseUrl: env.KRS_BASE_URL } : { environmentId: env.KRS_ENVIRONMENT_ID }),
      token: env.KRS_TOKEN,
    })
    return client
  }
  return (req, res, next) => {
    if (!req.url?.startsWith('/app-api/')) return next()
    const request = new Request(new URL(req.url, 'http://app.local'), { method: req.method ?? 'GET' })
    handleAppApi(request, krs()).then(
      async (answer) => {
        res.writeHead(answer.status, Object.fromEntries(answer.headers))
        res.end(Buffer.from(await answer.arrayBuffer()))
      },
      (error: unknown) => {
        res.writeHead(502, { 'content-type': 'application/json; charset=utf-8' })
        res.end(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }))
      },
    )
  }
}
