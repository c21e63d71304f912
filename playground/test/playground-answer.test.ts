import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { catalogueHref, validationItems } from '../src/components/playground/answer-view.js'
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
