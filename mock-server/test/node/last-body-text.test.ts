import { afterEach, describe, expect, it } from 'vitest'
import { createEngine } from '../../src/index.js'
import { startNodeServer, type RunningServer } from '../../src/node/index.js'
import { LastBodyText } from '../../src/node/body-reader.js'

describe('LastBodyText (the Node door: a one-chunk body sent again is compared, not decoded)', () => {
  it('gives the kept text for the same bytes, and decodes other bytes of the same length', () => {
    const last = new LastBodyText()
    const first = last.textOf(Buffer.from('{"member_id":1}'))
    expect(first).toBe('{"member_id":1}')
    // the same bytes in another buffer: the very string kept
    expect(last.textOf(Buffer.from('{"member_id":1}'))).toBe(first)
    // one byte differs, same length
    expect(last.textOf(Buffer.from('{"member_id":2}'))).toBe('{"member_id":2}')
    expect(last.textOf(Buffer.from('{"会員":1}'))).toBe('{"会員":1}')
  })

  it('keeps a copy: the bytes changed in the buffer it was given are new bytes', () => {
    const last = new LastBodyText()
    const chunk = Buffer.from('{"a":"x"}')
    expect(last.textOf(chunk)).toBe('{"a":"x"}')
    chunk[6] = 0x79 // "y"
    expect(last.textOf(chunk)).toBe('{"a":"y"}')
  })

  it('never keeps bytes that are not UTF-8: they are refused each time, and the text kept before stays', () => {
    const last = new LastBodyText()
    expect(last.textOf(Buffer.from('{"a":1}'))).toBe('{"a":1}')
    const bad = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0xff, 0x7d]) // {"a":<FF>}
    expect(last.textOf(bad)).toBeNull()
    expect(last.textOf(bad)).toBeNull()
    expect(last.textOf(Buffer.from('{"a":1}'))).toBe('{"a":1}')
  })
})

describe('the Node door answers each body as sent when bodies repeat and change', () => {
  let server: RunningServer | null = null
  afterEach(async () => {
    await server?.close()
    server = null
  })

  it('the same body twice, then one byte changed, then a body that is not UTF-8', async () => {
    const engine = createEngine({ members: 3 })
    server = await startNodeServer(engine, { port: 0 })
    const post = async (body: Uint8Array<ArrayBuffer> | string) => {
      const res = await fetch(`${server!.url}/api/v1/get_member_info`, {
        method: 'POST',
        headers: { authorization: 'Bearer krs-all', 'content-type': 'application/json' },
        body,
      })
      return { status: res.status, body: (await res.json()) as { id?: number; error_code?: string } }
    }
    const one = '{"member_table_id":1,"member_id":1}'
    expect(await post(one)).toMatchObject({ status: 200, body: { id: 1 } })
    expect(await post(one)).toMatchObject({ status: 200, body: { id: 1 } })
    expect(await post(one.replace('"member_id":1', '"member_id":2'))).toMatchObject({ status: 200, body: { id: 2 } })
    const notUtf8 = Buffer.from(one.replace('"member_id":1', '"member_id":1 '))
    notUtf8[notUtf8.length - 2] = 0xff
    expect(await post(new Uint8Array(notUtf8))).toMatchObject({ status: 400, body: { error_code: 'KR_API_F1004' } })
    expect(await post(one)).toMatchObject({ status: 200, body: { id: 1 } })
  })
})
