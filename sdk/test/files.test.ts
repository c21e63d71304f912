import { describe, expect, it } from 'vitest'
import { createKrsClient, KrsFileTooLargeError, KrsSdkError, storedFileLimitBytes } from '../src/index.js'
import { fakeFetch, json } from './support/fake-fetch.js'

function setup(...replies: Parameters<typeof fakeFetch>) {
  const f = fakeFetch(...replies)
  return { f, krs: createKrsClient({ baseUrl: 'http://x.test', token: 't', fetch: f.fetch }) }
}

describe('uploadStoredFile', () => {
  const csv = 'e_4,e_5\nfoo@example.com,山田\n'

  it('sends a string as the UTF-8 text body and returns the stored_file_id', async () => {
    const { f, krs } = setup(json(31))
    await expect(krs.uploadStoredFile('upload.csv', csv)).resolves.toBe(31)
    expect(f.requests[0]?.url).toBe('http://x.test/api/v1/upload_stored_files')
    expect(f.requests[0]?.body).toEqual({ file_name: 'upload.csv', body: csv })
  })

  it('decodes Uint8Array and Blob content as UTF-8 and turns CR LF into LF', async () => {
    const { f, krs } = setup(json(1), json(2), json(3))
    const crlf = csv.replace(/\n/g, '\r\n')
    await krs.uploadStoredFile('a.csv', new TextEncoder().encode(crlf))
    await krs.uploadStoredFile('b.csv', new Blob([crlf], { type: 'text/csv' }))
    await krs.uploadStoredFile('c.csv', crlf, { keepLineEndings: true })
    expect(f.requests.map((r) => (r.body as { body: string }).body)).toEqual([csv, csv, crlf])
  })

  it('refuses invalid UTF-8 bytes without sending', async () => {
    const { f, krs } = setup(json(1))
    await expect(krs.uploadStoredFile('sjis.csv', new Uint8Array([0x82, 0xa0]))).rejects.toBeInstanceOf(KrsSdkError)
    expect(f.requests).toHaveLength(0)
  })

  it('refuses 50 MB or more before sending, for every content type', { timeout: 30_000 }, async () => {
    const { f, krs } = setup(json(1))
    const limit = storedFileLimitBytes
    expect(limit).toBe(50 * 1024 * 1024)
    const big = new Uint8Array(limit)
    await expect(krs.uploadStoredFile('a.csv', big)).rejects.toBeInstanceOf(KrsFileTooLargeError)
    await expect(krs.uploadStoredFile('b.csv', new Blob([big]))).rejects.toBeInstanceOf(KrsFileTooLargeError)
    await expect(krs.uploadStoredFile('c.csv', 'x'.repeat(limit))).rejects.toMatchObject({ size: limit, limit })
    // 3-byte characters: fewer UTF-16 units than the limit, but the UTF-8 body is over it
    const kana = 'あ'.repeat(Math.ceil(limit / 3))
    expect(kana.length).toBeLessThan(limit)
    await expect(krs.uploadStoredFile('d.csv', kana)).rejects.toBeInstanceOf(KrsFileTooLargeError)
    expect(f.requests).toHaveLength(0)
  })

  it('sends a body just under the limit', { timeout: 30_000 }, async () => {
    const sizes: number[] = []
    const krs = createKrsClient({
      baseUrl: 'http://x.test',
      token: 't',
      fetch: async (request) => {
        sizes.push((await request.arrayBuffer()).byteLength)
        return json(9)
      },
    })
    await expect(krs.uploadStoredFile('a.csv', 'x'.repeat(storedFileLimitBytes - 1))).resolves.toBe(9)
    expect(sizes).toHaveLength(1)
    expect(sizes[0]).toBeGreaterThan(storedFileLimitBytes - 1)
  })
})

describe('downloadBatchJobResult', () => {
  const file = 'id,e_4\n1,foo@example.com\n'
  const csvResponse = () => new Response(file, { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' } })

  it('returns the result file as text by default (also through call)', async () => {
    const { f, krs } = setup(csvResponse(), csvResponse())
    await expect(krs.downloadBatchJobResult(5)).resolves.toBe(file)
    await expect(krs.call('get_batch_job_result', { batch_job_id: 5 })).resolves.toBe(file)
    expect(f.requests[0]?.body).toEqual({ batch_job_id: 5 })
  })

  it('returns a byte stream with as: "stream"', async () => {
    const { krs } = setup(csvResponse())
    const stream = await krs.downloadBatchJobResult(5, { as: 'stream', timeoutMs: 1000 })
    expect(stream).toBeInstanceOf(ReadableStream)
    const text = await new Response(stream).text()
    expect(text).toBe(file)
  })

  it('returns an empty file as "" or an empty stream', async () => {
    const empty = () =>
      new Response('', { status: 200, headers: { 'content-type': 'text/csv', 'content-length': '0' } })
    const { krs } = setup(empty(), empty())
    await expect(krs.downloadBatchJobResult(5)).resolves.toBe('')
    const stream = await krs.downloadBatchJobResult(5, { as: 'stream' })
    await expect(new Response(stream).text()).resolves.toBe('')
  })

  it('maps a refused download (job still running) to KrsApiError', async () => {
    const { krs } = setup(json({ error_code: 'KR_API_F0305', error_desc: 'Batch Job Is Running' }, 400))
    await expect(krs.downloadBatchJobResult(5)).rejects.toMatchObject({ code: 'KR_API_F0305', status: 400 })
  })
})
