import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { catalogueHref, validationItems } from '../src/components/playground/answer-view.js'
import {
  clearRecords,
  MAX_RECORD_TEXT,
  MAX_RECORDS,
  RECORDS_KEY,
  recordOf,
  saveRecord,
} from '../src/components/playground/request-record.js'
import ResponseView from '../src/components/playground/response-view.js'
import type { PlaygroundRegistry } from '../src/components/playground/runtime-loader.js'
import type { CallResult } from '../src/components/playground/send-request.js'

const F0116 = {
  name: 'Action Is Not Finished.',
  description: '送信したデータにエラーがあるため処理が完了しませんでした。',
}
const registry = { errors: { KR_API_F0116: F0116 } } as unknown as PlaygroundRegistry

const answer = (status: number, body: unknown): CallResult => ({
  status,
  statusText: status === 200 ? 'OK' : 'Bad Request',
  ms: 3,
  headers: [['content-type', 'application/json']],
  text: JSON.stringify(body),
  errorCode: null,
})

const render = (operation: string, result: CallResult): string =>
  renderToStaticMarkup(createElement(ResponseView, { operation, result, registry, fieldNames: {} }))

describe('error lists inside a successful answer', () => {
  it('are read from the two validation answers, failing items only', () => {
    expect(
      validationItems('validate_member_form_parameters', { e_91: ['形式が正しくありません。'], e_94: [] }),
    ).toEqual([{ key: 'e_91', messages: ['形式が正しくありません。'] }])
    expect(validationItems('validate_member_form_parameter', ['必須項目です。', '長すぎます。'])).toEqual([
      { key: null, messages: ['必須項目です。', '長すぎます。'] },
    ])
    expect(validationItems('validate_member_form_parameter', [])).toEqual([])
    expect(validationItems('validate_member_form_parameters', { e_91: [] })).toEqual([])
    // other operations and other shapes are not validation answers
    expect(validationItems('get_posted_image_urls', ['https://example.com/a.png'])).toBeNull()
    expect(validationItems('validate_member_form_parameters', { e_91: [1] })).toBeNull()
    expect(validationItems('validate_member_form_parameter', { e_91: [] })).toBeNull()
  })

  it('are rendered like an error answer: the code linked to the catalogue, its description, the messages', () => {
    const html = render(
      'validate_member_form_parameters',
      answer(200, {
        e_91: ['「メールアドレス」の形式が正しくありません。'],
        e_92: [],
        e_94: ['「氏名」は必須項目です。'],
      }),
    )
    expect(html).toContain('data-testid="validation-errors"')
    expect(html.match(/data-testid="validation-error"/g)).toHaveLength(2)
    expect(html).toContain(`href="${catalogueHref('KR_API_F0116')}"`)
    expect(html).toContain(F0116.description)
    expect(html).toContain('e_91: 「メールアドレス」の形式が正しくありません。')
    expect(html).toContain('e_94: 「氏名」は必須項目です。')
    expect(html).not.toContain('e_92:')
    expect(html).toContain('<span lang="ja">')
  })

  it('say so when the values pass, and stay out of other answers', () => {
    expect(render('validate_member_form_parameter', answer(200, []))).toContain('data-testid="validation-ok"')
    const other = render('get_member_tables', answer(200, [{ id: 1, title: '会員データベース', nums: 1000 }]))
    expect(other).not.toContain('validation-')
  })
})

/** A localStorage stand-in holding at most `limit` characters (a full one throws, as browsers do). */
function memoryStorage(limit = Number.POSITIVE_INFINITY): Storage & { map: Map<string, string> } {
  const map = new Map<string, string>()
  return {
    map,
    get length() {
      return map.size
    },
    clear: () => map.clear(),
    key: (i) => Array.from(map.keys())[i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    removeItem: (k) => {
      map.delete(k)
    },
    setItem: (k, v) => {
      if (v.length > limit) throw new DOMException('quota exceeded', 'QuotaExceededError')
      map.set(k, v)
    },
  }
}

const call = (name: string, text = '"ok"', body = '{}') => ({
  name,
  at: '2026-11-27T09:00:00.000Z',
  target: 'emulator',
  body,
  result: { ...answer(200, null), text },
})

describe("an operation's last request and answer across page loads", () => {
  it('a new page reads back the body and the answer sent last for the operation', () => {
    const storage = memoryStorage()
    saveRecord(call('add_member', '1001', '{"member_table_id":1}'), storage)
    saveRecord(call('add_member', '1002', '{"member_table_id":2}'), storage)
    saveRecord(call('get_version', '"1.4"'), storage)
    // what a reload sees: only the storage
    const again = recordOf('add_member', storage)
    expect(again?.body).toBe('{"member_table_id":2}')
    expect(again?.result.text).toBe('1002')
    expect(again?.result.status).toBe(200)
    expect(again?.truncated).toBe(false)
    expect(recordOf('get_member_info', storage)).toBeNull()
  })

  it(`keeps the last ${MAX_RECORDS} operations, and cuts a large answer or drops a large body`, () => {
    const storage = memoryStorage()
    for (let i = 0; i < MAX_RECORDS + 5; i++) saveRecord(call(`op_${i}`), storage)
    expect(JSON.parse(storage.getItem(RECORDS_KEY) ?? '[]')).toHaveLength(MAX_RECORDS)
    expect(recordOf('op_0', storage)).toBeNull()
    expect(recordOf(`op_${MAX_RECORDS + 4}`, storage)).not.toBeNull()

    const big = 'x'.repeat(MAX_RECORD_TEXT + 10)
    saveRecord(call('export_members', big, big), storage)
    const kept = recordOf('export_members', storage)
    expect(kept?.result.text).toHaveLength(MAX_RECORD_TEXT)
    expect(kept?.truncated).toBe(true)
    expect(kept?.body).toBeNull()
  })

  it('a full storage drops the oldest records first; a broken one reads as none', () => {
    const storage = memoryStorage(3 * 1024)
    const answerText = 'y'.repeat(900)
    for (const name of ['a', 'b', 'c', 'd']) saveRecord(call(name, answerText), storage)
    expect(recordOf('d', storage)?.result.text).toBe(answerText)
    expect(recordOf('a', storage)).toBeNull()
    storage.setItem(RECORDS_KEY, '{not json')
    expect(recordOf('d', storage)).toBeNull()
    storage.setItem(RECORDS_KEY, JSON.stringify([{ name: 'd' }]))
    expect(recordOf('d', storage)).toBeNull()
  })

  it('a reset of the emulator forgets them', () => {
    const storage = memoryStorage()
    saveRecord(call('add_member'), storage)
    clearRecords(storage)
    expect(recordOf('add_member', storage)).toBeNull()
  })
})
