import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { engineFetch, env } from './support/engine-fetch.js'
import { runKrs } from './support/memory-io.js'
import { recordingFetch, scriptedServer } from './support/recorded-fetch.js'

/**
 * The workflows' sequences of calls, against a scripted server with contract-shaped answers:
 * each call, its order and the waits between them exactly. cli.e2e.test.ts runs the same
 * workflows with the built binary against the emulator.
 */
const json = (v: unknown) => Response.json(v)
const status = (progress: number) => json({ start_date: 1767225600, upload_date: null, progress, operation: 'export' })

function fakeSleep() {
  const waits: number[] = []
  return { waits, sleep: async (ms: number) => void waits.push(ms) }
}

const dir = () => mkdtempSync(join(tmpdir(), 'krs-wf-'))

/** The emulator (manual clock) behind the header its HTTP door adds to every answer. */
function emulatorFetch() {
  const inner = engineFetch()
  return recordingFetch(async (request) => {
    const response = await inner.engine.handle(request)
    const headers = new Headers(response.headers)
    headers.set('x-krs-emulator', 'krs-mock')
    return new Response(response.body, { status: response.status, headers })
  })
}

describe('krs members export', () => {
  it('export_members → polls get_batch_job_status every 30 s → downloads the result to --out', async () => {
    const csv = 'e_3,e_4\nM0000001,a@example.com\nM0000002,b@example.com\n'
    const server = recordingFetch(
      scriptedServer({
        export_members: () => json(501),
        get_batch_job_status: (_b, n) => status(n === 0 ? 40 : 100),
        get_batch_job_result: () => new Response(csv, { headers: { 'content-type': 'text/csv' } }),
      }),
    )
    const { waits, sleep } = fakeSleep()
    const cwd = dir()
    const r = await runKrs(['members', 'export', '--table', '1', '--condition', '2', '--out', 'out.csv'], {
      fetch: server.fetch,
      env,
      sleep,
      cwd,
    })
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    expect(server.requests.map((q) => [q.url.split('/').pop(), q.body])).toEqual([
      // First the probe: is this the emulator, on a manual clock? (A scripted server is not.)
      ['clock', ''],
      ['export_members', { member_table_id: 1, condition_id: 2, columnset_id: 1, is_csv: true }],
      ['get_batch_job_status', { batch_job_id: 501 }],
      ['get_batch_job_status', { batch_job_id: 501 }],
      ['get_batch_job_result', { batch_job_id: 501 }],
    ])
    expect(waits).toEqual([30_000])
    expect(readFileSync(join(cwd, 'out.csv'), 'utf8')).toBe(csv)
    expect(JSON.parse(r.stdout)).toEqual({ batch_job_id: 501, out: 'out.csv', bytes: csv.length, lines: 3 })
  })

  it('--tsv and --interval; without --out the file goes to stdout', async () => {
    const server = recordingFetch(
      scriptedServer({
        export_members: () => json(7),
        get_batch_job_status: () => status(100),
        get_batch_job_result: () =>
          new Response('e_4\na@example.com\n', { headers: { 'content-type': 'text/tab-separated-values' } }),
      }),
    )
    const { waits, sleep } = fakeSleep()
    const r = await runKrs(['members', 'export', '--table', '3', '--tsv', '--interval', '2'], {
      fetch: server.fetch,
      env,
      sleep,
    })
    expect(server.requests[1]?.body).toEqual({ member_table_id: 3, condition_id: 1, columnset_id: 1, is_csv: false })
    expect(waits).toEqual([])
    expect(r.stdout).toBe('e_4\na@example.com\n')
  })

  it('an API error in the middle stops with exit 1', async () => {
    const server = recordingFetch(
      scriptedServer({
        export_members: () =>
          Response.json(
            { error_code: 'KR_API_F0013', error_desc: 'Database Is Locked.', message: 'member_table_id 1 is locked' },
            { status: 400 },
          ),
      }),
    )
    const r = await runKrs(['members', 'export', '--table', '1'], { fetch: server.fetch, env })
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^KR_API_F0013 .+: member_table_id 1 is locked \(request id sdk-\S+\)\n$/)
  })

  it('on the emulator with a manual clock and no --advance-clock: exit 4 before anything is started', async () => {
    const engine = emulatorFetch()
    const r = await runKrs(['members', 'export', '--table', '1', '--out', 'm.csv'], {
      fetch: engine.fetch,
      env,
      cwd: dir(),
    })
    expect(r.code).toBe(4)
    expect(r.stderr).toContain(
      'krs: members export would never finish: the emulator clock is manual. Nothing was started.',
    )
    expect(engine.requests.map((q) => q.url.split('/').pop())).toEqual(['clock'])
    // The suggested way works at once: with --advance-clock the export runs to its end.
    const done = await runKrs(['members', 'export', '--table', '1', '--out', 'm.csv', '--advance-clock'], {
      fetch: engine.fetch,
      env,
      cwd: dir(),
    })
    expect(done.stderr).toBe('')
    expect(done.code).toBe(0)
  })

  it('a wait that ends early names the job left running and a command that takes it up; that command works as printed', async () => {
    let progress = 40
    const server = recordingFetch(
      scriptedServer({
        export_members: () => json(501),
        get_batch_job_status: () => status(progress),
        get_batch_job_result: () => new Response('e_4\na@example.com\n', { headers: { 'content-type': 'text/csv' } }),
      }),
    )
    const cwd = dir()
    const first = await runKrs(
      ['--timeout', '1ms', 'members', 'export', '--table', '1', '--out', 'my members.csv', '--interval', '1'],
      { fetch: server.fetch, env, cwd, sleep: async () => new Promise((r) => setTimeout(r, 5)) },
    )
    expect(first.code).toBe(3)
    const hint = first.stderr.trimEnd().split('\n').pop() as string
    expect(hint).toBe(
      "batch job 501 is still running on the server (a batch job cannot be cancelled); to wait for it and take its result: krs members export --resume 501 --out 'my members.csv' --interval 1",
    )
    progress = 100
    const command = hint.slice(hint.indexOf(': krs ') + ': krs '.length)
    const argv = [...command.matchAll(/'([^']*)'|(\S+)/g)].map((m) => (m[1] ?? m[2]) as string)
    const before = server.requests.length
    const again = await runKrs(argv, { fetch: server.fetch, env, cwd })
    expect(again.stderr).toBe('')
    expect(again.code).toBe(0)
    expect(server.requests.slice(before).map((q) => q.url.split('/').pop())).toEqual([
      'get_batch_job_status',
      'get_batch_job_result',
    ])
    expect(readFileSync(join(cwd, 'my members.csv'), 'utf8')).toBe('e_4\na@example.com\n')
  })

  it('Ctrl-C during the wait says what is left running before the process ends', async () => {
    let interrupt: (() => void) | undefined
    const server = recordingFetch(
      scriptedServer({ export_members: () => json(9), get_batch_job_status: () => status(10) }),
    )
    const r = await runKrs(['members', 'export', '--table', '1'], {
      fetch: server.fetch,
      env,
      onInterrupt: (handler) => {
        interrupt = handler
        return () => {
          interrupt = undefined
        }
      },
      sleep: async () => {
        interrupt?.()
        throw Object.assign(new Error('interrupted'), { name: 'KrsAbortError' })
      },
    })
    expect(r.code).toBe(130)
    expect(r.stderr).toContain('batch job 9 is still running on the server')
    expect(r.stderr).toContain('krs members export --resume 9')
    expect(interrupt).toBeUndefined()
  })

  it('--table is required (exit 2, nothing sent)', async () => {
    const server = recordingFetch(scriptedServer({}))
    const r = await runKrs(['members', 'export'], { fetch: server.fetch, env })
    expect(r.code).toBe(2)
    expect(r.stderr).toBe('krs: --table is required\n')
    expect(server.requests).toEqual([])
  })
})

describe('krs members import', () => {
  it('upload_stored_files (LF) → import_members → wait → prints the report', async () => {
    const cwd = dir()
    writeFileSync(join(cwd, 'members.csv'), 'e_4,e_6\r\nnew@example.com,新規 太郎\r\n')
    const report = 'line,result\n2,registered\n'
    const server = recordingFetch(
      scriptedServer({
        upload_stored_files: () => json(77),
        import_members: () => json(502),
        get_batch_job_status: (_b, n) =>
          json({ start_date: 1, upload_date: 1, progress: n < 2 ? 50 : 100, operation: 'import' }),
        get_batch_job_result: () => new Response(report, { headers: { 'content-type': 'text/csv' } }),
      }),
    )
    const { waits, sleep } = fakeSleep()
    const r = await runKrs(
      ['members', 'import', '--table', '1', '--file', 'members.csv', '--mode', '1', '--interval', '5'],
      {
        fetch: server.fetch,
        env,
        sleep,
        cwd,
      },
    )
    expect(r.code).toBe(0)
    expect(server.requests.map((q) => [q.url.split('/').pop(), q.body])).toEqual([
      ['clock', ''],
      ['upload_stored_files', { file_name: 'members.csv', body: 'e_4,e_6\nnew@example.com,新規 太郎\n' }],
      ['import_members', { member_table_id: 1, stored_file_id: 77, is_update: 1 }],
      ['get_batch_job_status', { batch_job_id: 502 }],
      ['get_batch_job_status', { batch_job_id: 502 }],
      ['get_batch_job_status', { batch_job_id: 502 }],
      ['get_batch_job_result', { batch_job_id: 502 }],
    ])
    expect(waits).toEqual([5000, 5000])
    expect(r.stdout).toBe(report)
    expect(r.stderr).toContain('stored_file_id 77, batch_job_id 502')
  })

  it('--mode out of 0-3 and a missing file are usage errors', async () => {
    expect(
      (await runKrs(['members', 'import', '--table', '1', '--file', 'x.csv', '--mode', '4'], { env })).stderr,
    ).toBe('krs: --mode must be 0, 1, 2 or 3 (got "4")\n')
    const missing = await runKrs(['members', 'import', '--table', '1', '--file', '/nonexistent.csv'], { env })
    expect(missing.code).toBe(2)
    expect(missing.stderr).toBe('krs: --file: cannot read /nonexistent.csv: ENOENT\n')
  })
})

describe('krs wait and krs deliveries send', () => {
  it('wait delivery polls until the phase (default 3) and prints the status', async () => {
    const phases: [number, string][] = [
      [0, ''],
      [1, ''],
      [2, '配信対象数 3 (33%完了)'],
      [3, '配信対象数 3 (100%完了)'],
    ]
    const server = recordingFetch(scriptedServer({ get_delivery_status: (_b, n) => json(phases[n]) }))
    const { waits, sleep } = fakeSleep()
    const r = await runKrs(['wait', 'delivery', '1201'], { fetch: server.fetch, env, sleep })
    expect(r.code).toBe(0)
    expect(server.requests.map((q) => q.body)).toEqual(Array(4).fill({ delivery_id: 1201 }))
    expect(waits).toEqual([30_000, 30_000, 30_000])
    expect(JSON.parse(r.stdout)).toEqual([3, '配信対象数 3 (100%完了)'])
    expect(r.stderr).toBe('')
  })

  it('wait delivery --phase 2 stops earlier; --phase 5 is refused', async () => {
    const server = recordingFetch(
      scriptedServer({ get_delivery_status: (_b, n) => json(n === 0 ? [1, ''] : [2, 'x']) }),
    )
    const { sleep } = fakeSleep()
    const r = await runKrs(['wait', 'delivery', '9', '--phase', '2', '--interval', '0'], {
      fetch: server.fetch,
      env,
      sleep,
    })
    expect(JSON.parse(r.stdout)).toEqual([2, 'x'])
    expect(server.requests).toHaveLength(2)
    expect((await runKrs(['wait', 'delivery', '9', '--phase', '5'], { env })).code).toBe(2)
  })

  it('wait batch-job shows a progress bar on a terminal, nothing when piped', async () => {
    const script = () => scriptedServer({ get_batch_job_status: (_b, n) => status(n === 0 ? 30 : 100) })
    const { sleep } = fakeSleep()
    const tty = await runKrs(['wait', 'batch-job', '5'], {
      fetch: recordingFetch(script()).fetch,
      env,
      sleep,
      tty: true,
    })
    expect(tty.stderr).toContain('[######..............]  30%')
    expect(tty.stderr).toContain('100%')
    const piped = await runKrs(['wait', 'batch-job', '5'], { fetch: recordingFetch(script()).fetch, env, sleep })
    expect(piped.stderr).toBe('')
    expect(JSON.parse(piped.stdout)).toMatchObject({ progress: 100 })
  })

  it('wait gives up after --timeout with exit 3', async () => {
    const server = recordingFetch(scriptedServer({ get_batch_job_status: () => status(10) }))
    const r = await runKrs(['wait', 'batch-job', '5', '--interval', '0.01', '--timeout', '0.05'], {
      fetch: server.fetch,
      env,
    })
    expect(r.code).toBe(3)
    expect(r.stderr).toMatch(/timed out/)
  })

  it('deliveries send: ISO time → unix seconds in add_delivery_schedule', async () => {
    const server = recordingFetch(scriptedServer({ add_delivery_schedule: () => json(1201) }))
    const r = await runKrs(
      [
        'deliveries',
        'send',
        '--message',
        '30',
        '--condition',
        '2',
        '--element',
        '4',
        '--at',
        '2025-04-01T09:00:00+09:00',
        '--title',
        '4月号',
        '--blacklist',
      ],
      { fetch: server.fetch, env },
    )
    expect(r.code).toBe(0)
    expect(server.requests.map((q) => q.body)).toEqual([
      {
        mail_message_id: 30,
        delivery_info: { title: '4月号', condition_id: 2, element_id: 4, delivery_date: 1743465600, blacklist: true },
      },
    ])
    expect(JSON.parse(r.stdout)).toEqual({ delivery_id: 1201, delivery_date: 1743465600 })
  })

  it('deliveries send --wait on a manual emulator clock: exit 4 and no delivery scheduled', async () => {
    const engine = emulatorFetch()
    const r = await runKrs(['deliveries', 'send', '--message', '1', '--element', '4', '--at', 'now', '--wait'], {
      fetch: engine.fetch,
      env,
    })
    expect(r.code).toBe(4)
    expect(r.stderr).toContain('deliveries send --wait would never finish')
    expect(engine.requests.map((q) => q.url.split('/').pop())).not.toContain('add_delivery_schedule')
  })

  it('deliveries send --at accepts unix seconds, and refuses other text', async () => {
    const server = recordingFetch(scriptedServer({ add_delivery_schedule: () => json(5) }))
    await runKrs(['deliveries', 'send', '--message', '1', '--element', '4', '--at', '1743490800'], {
      fetch: server.fetch,
      env,
    })
    expect(server.requests[0]?.body).toMatchObject({ delivery_info: { delivery_date: 1743490800, condition_id: 1 } })
    const bad = await runKrs(['deliveries', 'send', '--message', '1', '--element', '4', '--at', 'tomorrow'], { env })
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/^krs: --at must be unix seconds/)
  })
})
