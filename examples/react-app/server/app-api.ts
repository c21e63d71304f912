import { isKrsApiError, type KrsClient } from '@krs-kit/sdk'

/**
 * The app's own API, `/app-api/...`: the only thing the browser calls. The KREISEL token stays
 * with whoever runs this handler (the Node server in production, the test process in unit
 * tests); the page never sees it. A Fetch-standard handler, so the same code runs in Vite's
 * server, in a test, or (in `npm run dev`) inside the MSW worker of the page.
 *
 *   GET /app-api/members?offset=0     → { total, offset, members: [{ id, email, name }] }
 *   GET /app-api/deliveries/{id}      → the delivery report
 */
export interface MemberRow {
  id: number
  email: string
  name: string
}

export interface MemberPage {
  total: number
  offset: number
  members: MemberRow[]
}

export interface DeliveryReport {
  id: number
  title: string
  subject: string
  phase: number
  status: string
  /** Counts by outcome: all, real (sent to), valid, error, stopped, ... */
  counts: Record<string, number>
}

/** The member table the screens show and the page size of the list (the API's own step). */
const TABLE = 1
const PAGE = 50
const EMAIL = 4
const NAME = 6

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } })

export async function handleAppApi(request: Request, krs: KrsClient): Promise<Response> {
  const url = new URL(request.url)
  if (request.method !== 'GET') return json(405, { error: 'GET only' })
  try {
    if (url.pathname === '/app-api/members') {
      const offsetText = url.searchParams.get('offset') ?? '0'
      const offset = Number(offsetText)
      if (!Number.isInteger(offset) || offset < 0 || offset % PAGE !== 0)
        return json(400, { error: `offset must be 0, ${PAGE}, ${PAGE * 2}, ...` })
      const [total, rows] = await Promise.all([
        krs.getMembersNumByCondition({ member_table_id: TABLE, condition_id: 1 }),
        krs.getMemberInfosByCondition({ member_table_id: TABLE, condition_id: 1, offset, sort_key: 0, order: true }),
      ])
      const members = rows.map((m: Record<string, unknown>) => ({
        id: Number(m.id),
        email: String(m[`e_${EMAIL}`] ?? ''),
        name: String(m[`e_${NAME}`] ?? ''),
      }))
      return json(200, { total, offset, members } satisfies MemberPage)
    }
    const delivery = /^\/app-api\/deliveries\/(\d+)$/.exec(url.pathname)
    if (delivery) {
      const id = Number(delivery[1])
      const summary = await krs.getSummaryForDeliveryStatus({ delivery_id: id })
      const counts: Record<string, number> = {}
      for (const [k, v] of Object.entries(summary.results ?? {})) counts[k] = Number((v as unknown[])[0])
      const report: DeliveryReport = {
        id,
        title: summary.messages.title,
        subject: summary.messages.subject,
        phase: summary.statuses.phase,
        status: summary.statuses.description,
        counts,
      }
      return json(200, report)
    }
    return json(404, { error: `no route ${url.pathname}` })
  } catch (e) {
    // The service's refusal (an unknown delivery, a wrong table) is the caller's 4xx, with its code.
    if (isKrsApiError(e)) return json(e.status >= 500 ? 502 : 400, { error: e.message, code: e.code })
    throw e
  }
}
