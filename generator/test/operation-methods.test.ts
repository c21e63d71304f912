import { describe, expect, it } from 'vitest'
import { jsDoc, methodName } from '../src/emit/operation-methods.js'

describe('methodName', () => {
  it.each([
    { given: 'get_version', want: 'getVersion' },
    { given: 'get_members_num_by_oneshot_condition', want: 'getMembersNumByOneshotCondition' },
    { given: 'validate_member_form_parameter', want: 'validateMemberFormParameter' },
    { given: 'get_member_info_for_update', want: 'getMemberInfoForUpdate' },
    { given: 'lookup_member_id', want: 'lookupMemberId' },
  ])('$given', ({ given, want }) => {
    expect(methodName(given)).toBe(want)
  })
})

describe('jsDoc', () => {
  it('one line per text line, blank lines kept, indented', () => {
    expect(jsDoc('会員IDの検索\n\n説明。\n', 2)).toBe('  /**\n   * 会員IDの検索\n   *\n   * 説明。\n   */')
  })

  it('text cannot close the comment early', () => {
    const out = jsDoc('a */ b', 0)
    expect(out).toBe('/**\n * a *\\/ b\n */')
    expect(out.indexOf('*/')).toBe(out.length - 2)
  })
})
