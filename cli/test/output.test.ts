import { describe, expect, it } from 'vitest'
import { displayWidth } from '../src/output/display-width.js'
import { cutToWidth, defaultTableWidth, formatOutput } from '../src/output/format-output.js'
import { engineFetch, env } from './support/engine-fetch.js'
import { runKrs } from './support/memory-io.js'
import { recordingFetch, scriptedServer } from './support/recorded-fetch.js'

describe('output formats', () => {
  const rows = [
    { id: 1, title: '会員データベース', tags: ['a'] },
    { id: 22, title: 'x, "y"', extra: null },
  ]

  it('json: pretty on a terminal, one line when piped', async () => {
    expect(await formatOutput(rows, 'json', true)).toBe(`${JSON.stringify(rows, null, 2)}\n`)
    expect(await formatOutput(rows, 'json', false)).toBe(`${JSON.stringify(rows)}\n`)
  })

  it('csv: a column per key, RFC 4180 quoting, nested values as JSON', async () => {
    expect(await formatOutput(rows, 'csv', false)).toBe(
      'id,title,tags,extra\n1,会員データベース,"[""a""]",\n22,"x, ""y""",,\n',
    )
  })

  it('table: columns aligned by display width (full-width characters count 2)', async () => {
    expect(await formatOutput(rows, 'table', false)).toBe(
      `${['id  title             tags   extra', '--  ----------------  -----  -----', '1   会員データベース  ["a"]', '22  x, "y"'].join('\n')}\n`,
    )
  })

  it('table: long cells are cut to the width with an ellipsis, the widest columns first', async () => {
    const long = [
      { id: 1, path: '/api/v1/add_member', body: 'x'.repeat(5000) },
      { id: 2, path: '/api/v1/get_member_info', body: '会員'.repeat(2000) },
    ]
    const text = await formatOutput(long, 'table', false, 60)
    const lines = text.trimEnd().split('\n')
    for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(60)
    expect(lines[2]).toMatch(/^1 {3}\/api\/v1\/add_member {7}x+…$/)
    expect(lines[3]).toMatch(/^2 {3}\/api\/v1\/get_member_info {2}(会員)+会?…$/)
    expect(await formatOutput(rows, 'table', false, 60)).toBe(await formatOutput(rows, 'table', false))
    expect(cutToWidth('会員データ', 5)).toBe('会員…')
    expect(cutToWidth('abc', 3)).toBe('abc')
  })

  it('table: too many columns for the width leaves the right ones out, counted in a last +N column', async () => {
    const wide = [1, 2].map((n) =>
      Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`column_${i + 1}`, `value ${n}-${i + 1} of a member`])),
    )
    for (const width of [80, 40, 12]) {
      const lines = (await formatOutput(wide, 'table', false, width)).trimEnd().split('\n')
      for (const l of lines) expect(displayWidth(l), `${width}: ${l}`).toBeLessThanOrEqual(width)
      const head = lines[0]?.split(/ {2,}/) ?? []
      const shown = head.length - 1
      expect(head[0]).toMatch(/^column/)
      expect(head.at(-1)).toBe(`+${30 - shown}`)
      expect(lines[2]?.endsWith('…')).toBe(true)
    }
    const at80 = (await formatOutput(wide, 'table', false, 80)).split('\n')[0] ?? ''
    expect(at80.split(/ {2,}/).length).toBeGreaterThan(5)
    // a table that fits, or fits once its cells are cut, keeps every column
    expect((await formatOutput(rows, 'table', false, 30)).split('\n')[0]).toMatch(/^id +title +tags +extra$/)
  })

  it('table: fitted to the terminal on a TTY, else to COLUMNS, else to the default width', async () => {
    const long = [{ id: 1, title: 't'.repeat(1000) }]
    const fetch = () => recordingFetch(scriptedServer({ get_member_tables: () => Response.json(long) })).fetch
    const tty = await runKrs(['get-member-tables', '-o', 'table'], { fetch: fetch(), env, tty: true, columns: 50 })
    expect(Math.max(...tty.stdout.trimEnd().split('\n').map(displayWidth))).toBe(50)
    const piped = await runKrs(['get-member-tables', '-o', 'table'], { fetch: fetch(), env: { ...env, COLUMNS: '70' } })
    expect(Math.max(...piped.stdout.trimEnd().split('\n').map(displayWidth))).toBe(70)
    const plain = await runKrs(['get-member-tables', '-o', 'table'], { fetch: fetch(), env })
    expect(Math.max(...plain.stdout.trimEnd().split('\n').map(displayWidth))).toBe(defaultTableWidth)
    const csv = await runKrs(['get-member-tables', '-o', 'csv'], { fetch: fetch(), env })
    expect(csv.stdout).toContain('t'.repeat(1000))
  })

  it('yaml', async () => {
    expect(await formatOutput({ a: 1, b: ['x'] }, 'yaml', false)).toBe('a: 1\nb:\n  - x\n')
  })

  it('the terminal gets pretty JSON from a real call', async () => {
    const server = engineFetch()
    const r = await runKrs(['get-member-tables'], { fetch: server.fetch, env, tty: true })
    expect(r.stdout).toBe(`${JSON.stringify(JSON.parse(r.stdout), null, 2)}\n`)
  })

  it('a bad --query is a usage error naming the flag', async () => {
    const server = engineFetch()
    const r = await runKrs(['get-member-tables', '--query', '[?'], { fetch: server.fetch, env })
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/^krs: --query: /)
  })
})

describe('a text answer (get_batch_job_result)', () => {
  const csv = 'e_4\na@example.com\n'
  const server = () =>
    recordingFetch(
      scriptedServer({ get_batch_job_result: () => new Response(csv, { headers: { 'content-type': 'text/csv' } }) }),
    )

  it('is written as it is', async () => {
    const r = await runKrs(['get-batch-job-result', '--batch-job-id', '5'], { fetch: server().fetch, env })
    expect(r.stdout).toBe(csv)
  })

  it('is a JSON string with --output json', async () => {
    const r = await runKrs(['get-batch-job-result', '--batch-job-id', '5', '-o', 'json'], {
      fetch: server().fetch,
      env,
    })
    expect(JSON.parse(r.stdout)).toBe(csv)
  })
})

describe('help and version', () => {
  it('krs --help lists every operation and the workflows', async () => {
    const r = await runKrs(['--help'])
    expect(r.code).toBe(0)
    for (const word of [
      'get_member_tables',
      'upload_stored_files',
      'wait',
      'members',
      'deliveries',
      'mock',
      'config',
      'completion',
    ]) {
      expect(r.stdout).toContain(word)
    }
  })

  it('krs with no command shows the help on stderr with exit 2', async () => {
    const r = await runKrs([])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('Usage: krs')
  })

  it('krs help <command> is the command help', async () => {
    expect((await runKrs(['help', 'get-member-info'])).stdout).toContain('--member-id <integer>')
  })

  it('--version', async () => {
    expect((await runKrs(['--version'])).stdout).toBe('0.1.0\n')
  })
})
