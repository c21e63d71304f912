import autocannon from 'autocannon'

export interface LoadResult {
  requests: number
  /** 2xx answers per second (average). */
  rps: number
  errors: number
  timeouts: number
  non2xx: number
  /** add_member calls answered 200 (each a new member). */
  acknowledgedWrites: number
  /** add_member requests sent (some may still be in flight when the run stops). */
  sentWrites: number
  /** The addresses of the acknowledged writes. */
  acknowledgedEmails: string[]
  latencyP99: number
  durationS: number
}

/**
 * A bounded autocannon run on loopback against krs-mock: every connection alternates a
 * write (add_member with a unique address) and three reads (get_member_info,
 * get_members_num_by_condition, get_member_tables). Acknowledged writes are counted from
 * the answers so the caller can count the members afterwards (no lost writes).
 */
export function runLoadMix(opts: {
  url: string
  token: string
  connections: number
  durationS: number
  tag: string
}): Promise<LoadResult> {
  let serial = 0
  let acknowledged = 0
  const emails: string[] = []
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${opts.token}` }
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: opts.url,
        connections: opts.connections,
        duration: opts.durationS,
        timeout: 30,
        pipelining: 1,
        requests: [
          {
            method: 'POST',
            path: '/api/v1/add_member',
            headers,
            setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => {
              const email = `load-${opts.tag}-${serial++}@example.com`
              context.email = email
              return {
                ...req,
                body: JSON.stringify({
                  member_table_id: 1,
                  member_info: { e_4: email, e_5: 'abcd1234', e_6: '負荷 試験' },
                }),
              }
            },
            onResponse: (status: number, _body: string, context: Record<string, unknown>) => {
              if (status === 200) {
                acknowledged++
                emails.push(String(context.email))
              }
            },
          },
          {
            method: 'POST',
            path: '/api/v1/get_member_info',
            headers,
            body: JSON.stringify({ member_table_id: 1, member_id: 1 }),
          },
          {
            method: 'POST',
            path: '/api/v1/get_members_num_by_condition',
            headers,
            body: JSON.stringify({ member_table_id: 1, condition_id: 1 }),
          },
          { method: 'POST', path: '/api/v1/get_member_tables', headers, body: '{}' },
        ],
      } as autocannon.Options,
      (err, result) => {
        if (err) return reject(err)
        resolve({
          requests: result.requests.total,
          rps: result.requests.average,
          errors: result.errors,
          timeouts: result.timeouts,
          non2xx: result.non2xx,
          acknowledgedWrites: acknowledged,
          sentWrites: serial,
          acknowledgedEmails: emails,
          latencyP99: result.latency.p99,
          durationS: result.duration,
        })
      },
    )
    void instance
  })
}

/** Members of table 1 (condition 1 = everyone), read through the API. */
export async function memberCount(url: string, token: string): Promise<number> {
  const r = await fetch(`${url}/api/v1/get_members_num_by_condition`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ member_table_id: 1, condition_id: 1 }),
  })
  if (r.status !== 200) throw new Error(`count answered ${r.status}: ${await r.text()}`)
  return (await r.json()) as number
}

/** Resident memory of a process in bytes (Linux /proc), or null elsewhere. */
export async function rssBytes(pid: number): Promise<number | null> {
  try {
    const { readFile } = await import('node:fs/promises')
    const status = await readFile(`/proc/${pid}/status`, 'utf8')
    const m = /VmRSS:\s+(\d+) kB/.exec(status)
    return m ? Number(m[1]) * 1024 : null
  } catch {
    return null
  }
}

/** Whether a member with this address exists in table 1. */
export async function memberExists(url: string, token: string, email: string): Promise<boolean> {
  const r = await fetch(`${url}/api/v1/lookup_member_id`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ member_table_id: 1, member_info: { e_4: email } }),
  })
  return r.status === 200 && ((await r.json()) as number) > 0
}
