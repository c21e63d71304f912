import type http from 'node:http'
import { errorResponse } from '../kernel/error-response.js'
import { msg, pickLanguage, renderMessage } from '../kernel/messages.js'
import type { Send } from './answer-batch.js'
import { serveNotFoundPage, serveStatic } from './static-files.js'

/**
 * A GET or HEAD outside the admin API and the product API with `--static`: the file, else the
 * site's not-found page for a browser, else the API's error body. Never a crash: a failure
 * answers 500 when nothing was sent yet.
 */
export function answerStatic(
  staticDir: string,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  path: string,
  send: (out: Parameters<Send>[2]) => void,
): void {
  const method = req.method ?? 'GET'
  serveStatic(staticDir, path, method, res, req.headers)
    .then(async (served) => {
      if (served) return
      // A browser gets the site's not-found page; other clients the API's error body.
      if (
        (req.headers.accept ?? '').includes('text/html') &&
        (await serveNotFoundPage(staticDir, method, res, req.headers))
      )
        return
      send(
        errorResponse(
          'KR_API_F0012',
          renderMessage(msg('no_file_or_api_at_path', { path }), pickLanguage(req.headers['accept-language'])),
        ),
      )
    })
    .catch((e: unknown) => {
      if (!res.headersSent)
        send(errorResponse('KRSKIT_INTERNAL_ERROR', `static file: ${String((e as Error)?.message ?? e)}`))
      else res.destroy(e as Error)
    })
}
