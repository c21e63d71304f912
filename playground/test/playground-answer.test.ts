import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createEngine } from '@krs-kit/mock-server'
import { startNodeServer } from '@krs-kit/mock-server/node'
import { describe, expect, it } from 'vitest'
import {
  answerNamesItems,
  catalogueHref,
  errorItems,
  validationItems,
} from '../src/components/playground/answer-view.js'
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
import { sendRequest, type CallResult, type Target } from '../src/components/playground/send-request.js'
import { itemNames } from '../src/components/playground/target-data.js'

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

const render = (operation: string, result: CallResult, fieldNames: Record<string, string> = {}): string =>
  renderToStaticMarkup(createElement(ResponseView, { operation, result, registry, fieldNames }))

const refused = (message: string): CallResult => ({
  ...answer(400, { error_code: 'KR_API_F0116', error_desc: F0116.name, message }),
  errorCode: 'KR_API_F0116',
})

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
    // names not read (yet, or unknown): each item by its key alone
    expect(html).toContain('<code data-testid="item-key">e_91</code>: 「メールアドレス」の形式が正しくありません。')
    expect(html).toContain('<code data-testid="item-key">e_94</code>: 「氏名」は必須項目です。')
    expect(html).not.toContain('item-key">e_92')
    expect(html).toContain('lang="ja"')
  })

  it("show each item by the form item's title, its key beside it in small type; an unknown key alone", () => {
    const html = render(
      'validate_member_form_parameters',
      answer(200, { e_91: ['形式が正しくありません。'], e_99: ['長すぎます。'] }),
      { e_91: 'メールアドレス', e_94: '氏名' },
    )
    expect(html).toContain(
      '<span data-testid="item-name">メールアドレス</span> <small>(<code data-testid="item-key">e_91</code>)</small>: 形式が正しくありません。',
    )
    expect(html).toContain('<code data-testid="item-key">e_99</code>: 長すぎます。')
    expect(html).not.toContain('氏名')
  })

  it('name the one item validate_member_form_parameter checked, from the body sent', () => {
    const body = { form_id: 16, form_element_name: 'e_91', parameter: 'foo@' }
    expect(validationItems('validate_member_form_parameter', ['形式が正しくありません。'], body)).toEqual([
      { key: 'e_91', messages: ['形式が正しくありません。'] },
    ])
    expect(validationItems('validate_member_form_parameter', ['x'], { form_element_name: 'mail' })).toEqual([
      { key: null, messages: ['x'] },
    ])
    const refusedText = JSON.stringify(['形式が正しくありません。'])
    expect(answerNamesItems(200, refusedText, 'validate_member_form_parameter', body)).toBe(true)
    expect(answerNamesItems(200, '[]', 'validate_member_form_parameter', body)).toBe(false)
    expect(
      answerNamesItems(200, refusedText, 'validate_member_form_parameter', { form_element_name: 'new_pass' }),
    ).toBe(false)
    const html = renderToStaticMarkup(
      createElement(ResponseView, {
        operation: 'validate_member_form_parameter',
        result: answer(200, ['形式が正しくありません。']),
        registry,
        fieldNames: { e_91: 'メールアドレス' },
        body,
      }),
    )
    expect(html).toContain(
      '<span data-testid="item-name">メールアドレス</span> <small>(<code data-testid="item-key">e_91</code>)</small>: 形式が正しくありません。',
    )
  })

  it('say so when the values pass, and stay out of other answers', () => {
    expect(answerNamesItems(200, JSON.stringify({ e_91: [] }))).toBe(true)
    expect(render('validate_member_form_parameter', answer(200, []))).toContain('data-testid="validation-ok"')
    const other = render('get_member_tables', answer(200, [{ id: 1, title: '会員データベース', nums: 1000 }]))
    expect(other).not.toContain('validation-')
  })
})

describe('an error answer that refuses items one by one (KR_API_F0116)', () => {
  it('reads the items of its message, grouped in their order; any other message is not a list', () => {
    const text = refused(
      ['e_91: 「メールアドレス」は必須項目です。', 'e_94: 長すぎます。', 'e_91: 形式が違います。'].join('\n'),
    ).text
    expect(errorItems(text)).toEqual([
      { key: 'e_91', messages: ['「メールアドレス」は必須項目です。', '形式が違います。'] },
      { key: 'e_94', messages: ['長すぎます。'] },
    ])
    expect(answerNamesItems(400, text)).toBe(true)
    expect(errorItems(refused('このデータベースにはパスワード項目がありません。').text)).toBeNull()
    expect(errorItems(refused('e_91: ok\nsomething else').text)).toBeNull()
    expect(errorItems(answer(200, 1).text)).toBeNull()
    expect(answerNamesItems(400, refused('no such member').text)).toBe(false)
  })

  it('shows each item by its name with its key in small type, the key alone when unknown', () => {
    const html = render(
      'do_member_form_action',
      refused('e_91: 「メールアドレス」は必須項目です。\nnew_pass: 短すぎます。'),
      {
        e_91: 'メールアドレス',
      },
    )
    expect(html).toContain('data-testid="response-error-code">KR_API_F0116')
    expect(html).toContain('data-testid="item-errors"')
    expect(html).toContain(
      '<li data-key="e_91"><span data-testid="item-name">メールアドレス</span> <small>(<code data-testid="item-key">e_91</code>)</small>: 「メールアドレス」は必須項目です。</li>',
    )
    // new_pass is no item of the form's settings: its name is the kit's own
    expect(html).toContain(
      '<li data-key="new_pass"><span data-testid="item-name">新しいパスワード</span> <small>(<code data-testid="item-key">new_pass</code>)</small>: 短すぎます。</li>',
    )
    // an error whose message is not a list of items keeps its detail as it is
    const plain = render('get_member_info', {
      ...answer(400, { error_code: 'KR_API_F0005', error_desc: 'Invalid Object ID.', message: 'no such member' }),
      errorCode: 'KR_API_F0005',
    })
    expect(plain).toContain('<span lang="en">no such member</span>')
    expect(plain).not.toContain('item-errors')
  })

  it("names them from the target: a form call's keys by the form's items, a member call's by the table's fields", async () => {
    const server = await startNodeServer(createEngine({ members: 5 }), { port: 0 })
    try {
      const target: Target = { kind: 'local', baseUrl: server.url, token: 'krs-all' }
      const origin = 'http://127.0.0.1:1'
      const forms = JSON.parse(
        (await sendRequest(target, origin, 'get_member_forms', JSON.stringify({ member_table_id: 1 }), true)).text,
      ) as { id: number; type: number }[]
      const formId = forms[0]!.id
      const items = JSON.parse(
        (await sendRequest(target, origin, 'get_member_form_elements', JSON.stringify({ form_id: formId }), true)).text,
      ) as { id: number; title: string; type: string }[]
      const email = items.find((i) => i.type === 'email')!
      // the emulator's own refusal of a form call names the form's items
      const body = { member_form_id: formId, member_id: 0, member_info: { [`e_${email.id}`]: 'not-an-address' } }
      const r = await sendRequest(target, origin, 'do_member_form_action', JSON.stringify(body), true)
      expect(r.errorCode).toBe('KR_API_F0116')
      expect(errorItems(r.text)?.map((i) => i.key)).toContain(`e_${email.id}`)
      const names = await itemNames(target, origin, body)
      expect(names[`e_${email.id}`]).toBe(email.title)
      const html = render('do_member_form_action', r, names)
      expect(html).toContain(`<span data-testid="item-name">${email.title}</span>`)
      expect(html).toContain(`(<code data-testid="item-key">e_${email.id}</code>)`)
      // a member call's keys are the table's fields (e_4 is the e-mail address in the default scenario)
      expect((await itemNames(target, origin, { member_table_id: 1 })).e_4).toBe('メールアドレス')
    } finally {
      await server.close()
    }
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
