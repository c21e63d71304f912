import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  isSchemaName,
  labelFromDescription,
  readerSchema,
  readerUiSchema,
} from '../src/components/playground/form-schema.js'
import { translateJapanese } from '../src/components/playground/form-templates.js'
import { fieldIdOf, shownIssues } from '../src/components/playground/shown-issues.js'
import { idsFromAnswer, sampleMemberInfo, type MemberElement } from '../src/components/playground/target-data.js'
import { catalogueHref, errorDetailOf, memberRows } from '../src/components/playground/answer-view.js'
import { clickLabel } from '../src/components/playground/emulator-panel.js'
import { barPercent } from '../src/components/playground/delivery-chart.js'
import { wallTimeJst } from '../src/components/playground/emulator-panel.js'
import { withPlaygroundLinks } from '../scripts/site-data.js'
import { TranslatableString } from '@rjsf/utils'
import { operations } from '@krs-kit/contract/operations'
import { formChangeApplies } from '../src/components/playground/form-change.js'

type Json = Record<string, unknown>
const schemaOf = (name: string): Json => (operations as Record<string, { requestSchema: Json }>)[name]!.requestSchema

describe("the form's copy of a request schema", () => {
  it('labels properties in Japanese from their description, hides schema names', () => {
    const shown = readerSchema(schemaOf('add_member')) as Json
    const props = shown.properties as Record<string, Json>
    expect(props.member_table_id!.title).toBe('データベースID')
    expect(JSON.stringify(shown)).not.toContain('MemberInfoInput')
    expect(isSchemaName('MailInfo')).toBe(true)
    expect(isSchemaName('会員情報')).toBe(false)
    expect(labelFromDescription('項目ID（データベース内で一意の番号。会員情報では…')).toBe('項目ID')
    expect(labelFromDescription('1 テキスト、2 HTML、3 マルチパート。')).toBeNull()
  })

  it('drops conditional rules so that their fields appear once, and names enum values', () => {
    const shown = readerSchema(schemaOf('add_mail_message')) as Json
    const text = JSON.stringify(shown)
    expect(text).not.toContain('"if"')
    expect(text).not.toContain('"then"')
    const mail = (shown.properties as Record<string, Json>).mail_info!
    expect(Object.keys(mail.properties as Json).filter((k) => k === 'text_part')).toHaveLength(1)
    expect((mail.properties as Record<string, Json>).type!.oneOf).toEqual([
      { const: 1, title: '1: テキスト' },
      { const: 2, title: '2: HTML' },
      { const: 3, title: '3: マルチパート' },
    ])
    // the contract's schema itself is left as it was (the editor validates against it)
    expect(JSON.stringify(schemaOf('add_mail_message'))).toContain('"if"')
  })

  it('member_table_id is a choice of databases, member_info the member-info field; no submit button', () => {
    expect(readerUiSchema(schemaOf('add_member'))).toEqual({
      'ui:submitButtonOptions': { norender: true },
      member_table_id: { 'ui:field': 'memberTable' },
      member_info: { 'ui:field': 'memberInfo' },
    })
    expect(readerUiSchema(schemaOf('get_version'))).toEqual({ 'ui:submitButtonOptions': { norender: true } })
  })

  it('rjsf texts are Japanese, with parameters', () => {
    expect(translateJapanese(TranslatableString.AddButton)).toBe('追加')
    expect(translateJapanese(TranslatableString.RemoveButton)).toBe('削除')
    expect(translateJapanese(TranslatableString.KeyLabel, ['mail_info'])).toBe('mail_info のキー')
  })
})

describe('examples from what exists on the target', () => {
  const element = (
    id: number,
    type: string,
    required: boolean,
    config: MemberElement['config'] = {},
  ): MemberElement => ({ id, name: `e${id}`, type, required, unique: false, system: false, config })

  it('member_info fills every required user element by its type and options, nothing else (a blank password is generated)', () => {
    const info = sampleMemberInfo(
      [
        element(4, 'email', true),
        element(5, 'hashed_password', true),
        element(6, 'text', true, { type: 'katakana' }),
        element(7, 'text', false),
        element(9, 'select', true, { options: { '3': 'ゴールド', '4': 'プラチナ' } }),
        { ...element(1, 'timestamp', true), system: true },
      ],
      7,
    )
    expect(info).toEqual({ e_4: 'playground-7@example.com', e_6: 'プレイグラウンド', e_9: 3 })
  })

  it('ids created by this session come from the answers of the creating APIs', () => {
    expect(idsFromAnswer('add_mail_message', '31')).toEqual({ mail_message_id: 31, message_id: 31 })
    expect(idsFromAnswer('add_member', '1001')).toEqual({ member_id: 1001 })
    expect(idsFromAnswer('add_member', '{"error_code":"KR_API_F0116"}')).toEqual({})
    expect(idsFromAnswer('get_version', '"1.5.0"')).toEqual({})
  })
})

describe('reader-facing details', () => {
  it('chart bars are shares of the largest value', () => {
    expect(barPercent(50, 200)).toBe(25)
    expect(barPercent(0, 0)).toBe(0)
    expect(barPercent(1, 3)).toBe(33.3)
  })

  it('the request log shows Japan time', () => {
    expect(wallTimeJst('2026-11-23T15:30:00.000Z')).toBe('2026-11-24 00:30:00 JST')
  })

  it('the reference links every operation to its playground page', () => {
    const spec = JSON.parse(
      readFileSync(join(import.meta.dirname, '..', '..', 'spec', 'dist', 'openapi.json'), 'utf8'),
    ) as Json
    const linked = withPlaygroundLinks(spec) as {
      paths: Record<string, { post: { operationId: string; description: string } }>
    }
    const posts = Object.values(linked.paths).map((p) => p.post)
    expect(posts).toHaveLength(readdirSync(join(import.meta.dirname, '..', '..', 'spec', 'paths')).length)
    for (const p of posts)
      expect(
        p.description.startsWith(
          `[▶ 試す（プレイグラウンドで ${p.operationId} を送る）](/playground/${p.operationId})`,
        ),
      ).toBe(true)
  })
})

describe('search results without the hidden readings', () => {
  it('finds the readings blocks of a page and removes them from a quoted text', async () => {
    const { readingsTexts, withoutReadings } = await import('../scripts/strip-search-readings.js')
    const html =
      '<p>配信の予約</p><div class="search-readings" hidden="" aria-hidden="true" lang="ja">配信 はいしん ハイシン、  予約 よやく ヨヤク、</div>'
    const readings = readingsTexts(html)
    expect(readings).toEqual(['配信 はいしん ハイシン、 予約 よやく ヨヤク、'])
    expect(withoutReadings('配信の予約 配信 はいしん ハイシン、 予約 よやく ヨヤク、', readings)).toBe('配信の予約')
    expect(withoutReadings('配信の予約', readings)).toBe('配信の予約')
  })
})

describe('which body issues the reader sees', () => {
  const issues = [
    { path: '', message: '必須の項目 member_table_id がありません', missing: 'member_table_id' },
    { path: '/member_info', message: '必須の項目 e_4 がありません', missing: 'e_4' },
    { path: '/member_id', message: '1 以上の値にしてください' },
  ]
  const none = { sendTried: false, editorEdited: false, touched: new Set<string>() }

  it('a missing required field only after it was touched, the editor typed in, or a send tried', () => {
    expect(shownIssues(issues, none).map((i) => i.path)).toEqual(['/member_id'])
    expect(shownIssues(issues, { ...none, touched: new Set(['root_member_table_id']) }).map((i) => i.path)).toEqual([
      '',
      '/member_id',
    ])
    // the member-info field reports its whole object as changed
    expect(shownIssues(issues, { ...none, touched: new Set(['root_member_info']) }).map((i) => i.path)).toEqual([
      '/member_info',
      '/member_id',
    ])
    expect(shownIssues(issues, { ...none, touched: new Set(['root_member_id']) })).toHaveLength(1)
    expect(shownIssues(issues, { ...none, sendTried: true })).toEqual(issues)
    expect(shownIssues(issues, { ...none, editorEdited: true })).toEqual(issues)
  })

  it('field ids follow rjsf (root, then each key)', () => {
    expect(fieldIdOf('/member_info/e_4')).toBe('root_member_info_e_4')
  })
})

describe('answers told to the reader', () => {
  it('member answers are recognised by their e_N keys (one member or a list)', () => {
    expect(memberRows({ e_4: 'a@example.com', e_6: '氏名' })).toHaveLength(1)
    expect(memberRows([{ e_4: 'a' }, { e_4: 'b' }])).toHaveLength(2)
    expect(memberRows([1, 2])).toBeNull()
    expect(memberRows({ count_info: {} })).toBeNull()
    expect(memberRows([])).toBeNull()
  })

  it("an error answer's detail is its message; the catalogue entry is linked by code", () => {
    expect(errorDetailOf('{"error_code":"KR_API_F0005","error_desc":"Invalid Object ID.","message":"x"}')).toBe('x')
    expect(errorDetailOf('{"error_code":"KR_API_F0005","error_desc":"Invalid Object ID."}')).toBeNull()
    expect(errorDetailOf('<html>')).toBeNull()
    expect(catalogueHref('KR_API_F0005')).toBe('/errors/kreisel-api-exception-codes#KR_API_F0005')
  })

  it('click-count labels carry the tracked URL whole', () => {
    expect(clickLabel({ type: 2, url: 'https://www.example.com/a/' }, '延べ')).toBe(
      'https://www.example.com/a/（延べ）',
    )
    expect(clickLabel({ type: 1, url: null }, 'ユニーク')).toBe('開封（ユニーク）')
  })
})

describe('a late change of the form (formChangeApplies)', () => {
  const empty = '{}'
  const typed = '{\n  "member_table_id": 1,\n  "member_id": 7\n}'
  const fromForm = '{\n  "member_table_id": 1\n}'

  it('applies to the body the form was drawn with, and after the form’s own last change', () => {
    expect(formChangeApplies(empty, empty, null)).toBe(true)
    // two changes of the form before it is drawn again: the second builds on the first
    expect(formChangeApplies(fromForm, empty, fromForm)).toBe(true)
  })

  it('does not put back an older body over what the reader typed since the form was drawn', () => {
    // the database list arrived and the field picked the first database, computed from "{}",
    // after the reader had typed a whole body into the JSON editor
    expect(formChangeApplies(typed, empty, null)).toBe(false)
    expect(formChangeApplies(typed, empty, fromForm)).toBe(false)
  })
})
