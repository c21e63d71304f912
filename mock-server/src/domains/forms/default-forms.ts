import { parseJstDateTime } from '../../lib/day-number.js'
import type { MemberElement, MemberTableState } from '../member-db/member-db-state.js'
import type { FormCarrier, FormElementDef, FormRequirement, MemberFormDef } from './forms-state.js'

const carriersAll: FormCarrier[] = ['other', 'docomo', 'au', 'softbank', 'willcom', 'iphone']

function passwordOf(table: MemberTableState): MemberElement | undefined {
  return table.elements.find((e) => e.type === 'hashed_password' || e.type === 'password')
}

/**
 * Default forms: for the first table with a unique key, every form type (regist, update,
 * delete, change_password, change_reset) as API forms, plus forms that exercise every
 * availability error (auto and design forms, disabled, unpublished group, before and after
 * the publication period, full). Every other table with a unique key gets a registration form.
 */
export function defaultForms(tables: Map<number, MemberTableState>): MemberFormDef[] {
  const out: MemberFormDef[] = []
  let nextElementId = 91
  const sorted = [...tables.values()].sort((a, b) => a.id - b.id)
  const keyed = sorted.filter((t) => t.elements.some((e) => e.unique))
  const base = (id: number, table: MemberTableState, type: MemberFormDef['type'], title: string): MemberFormDef => ({
    id,
    memberTableId: table.id,
    formType: 'api',
    type,
    title,
    carriers: carriersAll,
    startDate: null,
    endDate: null,
    alias: null,
    enable: true,
    groupPublished: true,
    doubleOptin: false,
    override: false,
    maxRecordType: 0,
    maxRecords: null,
    countRecords: 0,
    elements: [],
    autoreply: null,
    notice: null,
    webhook: null,
  })
  const fe = (
    el: MemberElement,
    requirement: FormRequirement,
    extra: Partial<FormElementDef> = {},
  ): FormElementDef => ({
    id: nextElementId++,
    elementId: el.id,
    type: el.type,
    title: el.name,
    requirement,
    ...extra,
  })
  const authPassword = (title = 'パスワード'): FormElementDef => ({
    id: nextElementId++,
    elementId: 0,
    type: 'password',
    title,
    requirement: 1,
  })
  const main = keyed[0]
  if (main) {
    const keys = main.elements.filter((e) => e.unique)
    const pw = passwordOf(main)
    const email = main.elements.find((e) => e.type === 'email')
    const inputs = main.elements.filter((e) => !e.unique && e.type !== 'timestamp' && e !== pw)
    const registElements = (): FormElementDef[] => [
      ...keys.map((k) => fe(k, 1)),
      ...(pw ? [fe(pw, 1)] : []),
      ...inputs.map((el) => {
        if (el.type === 'autogen') return fe(el, 6)
        if (el.type === 'select' && el.name.includes('ランク')) return fe(el, 4, { fixedValue: 1 })
        if (el.type === 'text' && el.config.type === 'katakana') return fe(el, 2, { convertHankana: true })
        return fe(el, el.required ? 1 : 2)
      }),
    ]
    const autoreply = email
      ? {
          from: 'info@example.com',
          subject: 'ご登録ありがとうございます',
          body: '{{e_6}} 様\n会員登録を受け付けました。',
        }
      : null
    const regist: MemberFormDef = {
      ...base(16, main, 'regist', '会員登録フォーム'),
      alias: 'regist',
      maxRecordType: 1,
      maxRecords: 100000,
      elements: registElements(),
      autoreply,
      notice: { to: ['admin@example.com'], subject: '会員登録がありました' },
      webhook: { url: 'https://hooks.example.com/krs/regist' },
    }
    out.push(regist)
    out.push({
      ...base(17, main, 'regist', '会員登録フォーム（自動生成）'),
      formType: 'auto',
      elements: registElements(),
    })
    out.push({ ...base(18, main, 'regist', '会員登録フォーム（停止中）'), enable: false, elements: registElements() })
    out.push({
      ...base(19, main, 'regist', 'キャンペーン登録フォーム（グループ非公開）'),
      groupPublished: false,
      elements: registElements(),
    })
    out.push({
      ...base(20, main, 'regist', '先行登録フォーム（公開前）'),
      startDate: parseJstDateTime('2099-01-01 00:00:00'),
      elements: registElements(),
    })
    out.push({
      ...base(21, main, 'regist', '旧キャンペーン登録フォーム（公開終了）'),
      endDate: parseJstDateTime('2020-03-31 23:59:59'),
      elements: registElements(),
    })
    out.push({
      ...base(24, main, 'regist', '先着100名登録フォーム（上限到達）'),
      maxRecordType: 1,
      maxRecords: 100,
      countRecords: 100,
      elements: registElements(),
    })
    out.push({
      ...base(25, main, 'regist', '会員登録フォーム（上書き・ダブルオプトイン）'),
      override: true,
      doubleOptin: true,
      elements: registElements(),
      autoreply,
    })
    out.push({
      ...base(22, main, 'update', '会員情報変更フォーム'),
      elements: [
        ...keys.map((k) => fe(k, 1)),
        ...(pw ? [authPassword()] : []),
        ...inputs.filter((e) => e.type !== 'autogen').map((el) => fe(el, el.required ? 1 : 2)),
      ],
      autoreply: autoreply && { ...autoreply, subject: '会員情報を変更しました' },
      notice: { to: ['admin@example.com'], subject: '会員情報の変更がありました' },
    })
    out.push({
      ...base(23, main, 'update', '会員情報変更フォーム（デザイン）'),
      formType: 'design',
      elements: [...keys.map((k) => fe(k, 1)), authPassword()],
    })
    const named = inputs.filter((e) => e.type === 'text').slice(0, 1)
    out.push({
      ...base(30, main, 'delete', '退会フォーム'),
      elements: [...keys.map((k) => fe(k, 1)), ...(pw ? [authPassword()] : []), ...named.map((el) => fe(el, 3))],
      autoreply: autoreply && { ...autoreply, subject: '退会手続きが完了しました' },
      webhook: { url: 'https://hooks.example.com/krs/delete' },
    })
    out.push({
      ...base(40, main, 'change_password', 'パスワード変更フォーム'),
      elements: [...keys.map((k) => fe(k, 1)), authPassword('現在のパスワード')],
    })
    out.push({
      ...base(50, main, 'change_reset', 'パスワード再発行フォーム'),
      elements: keys.map((k) => fe(k, 1)),
      autoreply: autoreply && {
        ...autoreply,
        subject: 'パスワードを再発行しました',
        body: '新しいパスワード: {{new_pass}}',
      },
    })
  }
  let id = 60
  for (const t of keyed.slice(1)) {
    const inputs = t.elements.filter((e) => e.type !== 'timestamp')
    out.push({
      ...base(id++, t, 'regist', `${t.title} 登録フォーム`),
      elements: inputs.map((el) => fe(el, el.type === 'autogen' ? 6 : el.required ? 1 : 2)),
    })
  }
  return out
}
