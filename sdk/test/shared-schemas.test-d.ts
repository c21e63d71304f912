import { describe, expectTypeOf, it } from 'vitest'
import { createKrsClient, type OperationRequest, type OperationResponse } from '../src/index.js'

// The five shared request schemas whose keys have defaults: each is accepted with only
// its required keys, and a missing required key is a compile error. Answers that embed a
// defaulted schema still have the defaulted keys (the service always sends them).
const krs = createKrsClient({ baseUrl: 'http://127.0.0.1:4010', token: 't' })
const from = 'info@example.com'
const subject = 'お知らせ'

describe('request types: keys outside `required` are optional, defaults or not', () => {
  it('MailInfo (add_mail_message)', () => {
    void krs.addMailMessage({ member_table_id: 1, mail_info: { type: 1, from, subject, text_part: '本文' } })
    void krs.addMailMessage({ member_table_id: 1, mail_info: { type: 1, from, subject } })
    // @ts-expect-error subject is required
    void krs.addMailMessage({ member_table_id: 1, mail_info: { type: 1, from, text_part: '本文' } })
    // @ts-expect-error member_table_id is required
    void krs.addMailMessage({ mail_info: { type: 1, from, subject } })
  })

  it('DeliveryInfoForAdd (add_delivery_schedule without blacklist / delete_condition)', () => {
    void krs.addDeliverySchedule({
      mail_message_id: 31,
      delivery_info: { title: '11月号', condition_id: 1, element_id: 4, delivery_date: 1_790_000_000 },
    })
    void krs.addDeliverySchedule({
      mail_message_id: 31,
      // @ts-expect-error delivery_date is required
      delivery_info: { title: '11月号', condition_id: 1, element_id: 4 },
    })
  })

  it('ProgramInfoForAdd and DeliveryConditionInfo (add_agent_program)', () => {
    void krs.addAgentProgram({
      mail_message_id: 31,
      program_info: {
        title: '誕生日メール',
        condition_id: 1,
        element_id: 4,
        delivery_time_info: { type: 1, hour: 9, min: 0 },
        delivery_condition_info: { pattern: 1, element_id: 7 },
      },
    })
    void krs.addAgentProgram({
      mail_message_id: 31,
      // @ts-expect-error delivery_time_info is required
      program_info: { title: '誕生日メール', condition_id: 1, element_id: 4 },
    })
    void krs.addAgentProgram({
      mail_message_id: 31,
      program_info: {
        title: '誕生日メール',
        condition_id: 1,
        element_id: 4,
        delivery_time_info: { type: 1, hour: 9, min: 0 },
        // @ts-expect-error element_id is required in DeliveryConditionInfo
        delivery_condition_info: { pattern: 1 },
      },
    })
  })

  it('ClickCountRequest (MailInfo.clickcounts)', () => {
    void krs.addMailMessage({
      member_table_id: 1,
      mail_info: { type: 1, from, subject, text_part: '本文', clickcounts: [{ url: 'https://example.com/' }] },
    })
    void krs.addMailMessage({
      member_table_id: 1,
      // @ts-expect-error url is required in ClickCountRequest
      mail_info: { type: 1, from, subject, clickcounts: [{ days: 30 }] },
    })
  })

  it('the defaulted keys are optional, not absent', () => {
    type Mail = OperationRequest<'add_mail_message'>['mail_info']
    expectTypeOf<Mail['allow_hankana']>().toEqualTypeOf<boolean | undefined>()
    expectTypeOf<Mail['open_clickcount']>().toEqualTypeOf<boolean | undefined>()
    type Delivery = OperationRequest<'add_delivery_schedule'>['delivery_info']
    expectTypeOf<Delivery['blacklist']>().toEqualTypeOf<boolean | undefined>()
    expectTypeOf<Delivery['delete_condition']>().toEqualTypeOf<boolean | undefined>()
  })
})

describe('response types: keys with a default are present', () => {
  it('AgentProgram.delivery_condition_info (get_agent_programs) has direction, enable_year and max_num', () => {
    type Program = OperationResponse<'get_agent_programs'>[number]
    type Condition = NonNullable<Program['delivery_condition_info']>
    expectTypeOf<Condition>().toHaveProperty('direction')
    expectTypeOf<Condition['enable_year']>().toEqualTypeOf<boolean>()
    expectTypeOf<Condition['max_num']>().toEqualTypeOf<number>()
    expectTypeOf<Program['blacklist']>().toEqualTypeOf<boolean>()
  })
})
