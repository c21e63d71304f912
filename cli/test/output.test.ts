import { describe, expect, it } from 'vitest'
import { formatOutput } from '../src/output/format-output.js'
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
