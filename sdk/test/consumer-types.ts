// Type checks an integrator's project runs against the published package: it imports
// only from '@krs-kit/sdk' and needs nothing else (no test runner). It compiles when the
// five shared request schemas accept only their required keys, each `@ts-expect-error`
// (a missing required key) is really an error, and answers keep their defaulted keys.
// Compiled twice, never run: by `tsc -b sdk` against the sources (tsconfig `paths`), and by the
// consumer test (test/consumer) against the packed tarball installed in a fresh project.
import { createKrsClient, type OperationRequest, type OperationResponse } from '@krs-kit/sdk'

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false
function assertType<T extends true>(): T | undefined {
  return undefined
}

export async function consumerTypeChecks(): Promise<void> {
  const krs = createKrsClient({ baseUrl: 'http://127.0.0.1:4010', token: 'krs-all' })
  const from = 'info@example.com'
  const subject = 'お知らせ'

  // MailInfo
  await krs.addMailMessage({ member_table_id: 1, mail_info: { type: 1, from, subject, text_part: '本文' } })
  await krs.addMailMessage({ member_table_id: 1, mail_info: { type: 1, from, subject } })
  // @ts-expect-error subject is required in MailInfo
  await krs.addMailMessage({ member_table_id: 1, mail_info: { type: 1, from, text_part: '本文' } })
  // @ts-expect-error member_table_id is required in add_mail_message
  await krs.addMailMessage({ mail_info: { type: 1, from, subject } })

  // DeliveryInfoForAdd (no blacklist, no delete_condition)
  await krs.addDeliverySchedule({
    mail_message_id: 31,
    delivery_info: { title: '11月号', condition_id: 1, element_id: 4, delivery_date: 1_790_000_000 },
  })
  await krs.addDeliverySchedule({
    mail_message_id: 31,
    // @ts-expect-error delivery_date is required in DeliveryInfoForAdd
    delivery_info: { title: '11月号', condition_id: 1, element_id: 4 },
  })

  // ProgramInfoForAdd with DeliveryConditionInfo
  await krs.addAgentProgram({
    mail_message_id: 31,
    program_info: {
      title: '誕生日メール',
      condition_id: 1,
      element_id: 4,
      delivery_time_info: { type: 1, hour: 9, min: 0 },
      delivery_condition_info: { pattern: 1, element_id: 7 },
    },
  })
  await krs.addAgentProgram({
    mail_message_id: 31,
    // @ts-expect-error delivery_time_info is required in ProgramInfoForAdd
    program_info: { title: '誕生日メール', condition_id: 1, element_id: 4 },
  })
  await krs.addAgentProgram({
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

  // ClickCountRequest
  await krs.addMailMessage({
    member_table_id: 1,
    mail_info: { type: 1, from, subject, text_part: '本文', clickcounts: [{ url: 'https://example.com/' }] },
  })
  await krs.addMailMessage({
    member_table_id: 1,
    // @ts-expect-error url is required in ClickCountRequest
    mail_info: { type: 1, from, subject, text_part: '本文', clickcounts: [{ days: 30 }] },
  })

  // Defaulted keys: optional in requests, present in answers.
  type Mail = OperationRequest<'add_mail_message'>['mail_info']
  assertType<Equal<Mail['allow_hankana'], boolean | undefined>>()
  assertType<Equal<Mail['open_clickcount'], boolean | undefined>>()
  type Delivery = OperationRequest<'add_delivery_schedule'>['delivery_info']
  assertType<Equal<Delivery['blacklist'], boolean | undefined>>()
  assertType<Equal<Delivery['delete_condition'], boolean | undefined>>()
  type Program = OperationResponse<'get_agent_programs'>[number]
  type Condition = NonNullable<Program['delivery_condition_info']>
  assertType<'direction' extends keyof Condition ? true : false>()
  assertType<Equal<Condition['enable_year'], boolean>>()
  assertType<Equal<Condition['max_num'], number>>()
  assertType<Equal<Program['blacklist'], boolean>>()

  // withResponse(): the data plus the raw response and the request id.
  const { data, response, requestId } = await krs.getMemberInfo({ member_table_id: 1, member_id: 1 }).withResponse()
  assertType<Equal<typeof data, OperationResponse<'get_member_info'>>>()
  assertType<Equal<typeof response, Response>>()
  assertType<Equal<typeof requestId, string | undefined>>()
}
