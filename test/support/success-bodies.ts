import type { OperationName } from './contract.js'
import { validExample } from './request-examples.js'

type Call = (name: OperationName, body: unknown) => Promise<unknown>

/**
 * Request bodies that should succeed against the default scenario, for the operations whose
 * contract example refers to objects the scenario does not have (delivery 1201, message 30,
 * ...). Objects are created first through the same `call` (so through the door under test),
 * one per destructive operation; `advance` moves the tenant's clock (deliveries and batch
 * jobs finish). A fixture that cannot be built is left out (the example is used instead).
 */
export async function successBodies(
  call: Call,
  advance: (seconds: number) => Promise<number>,
): Promise<Partial<Record<OperationName, unknown>>> {
  const out: Partial<Record<OperationName, unknown>> = {}
  const ex = <T>(name: OperationName): T => validExample(name) as T
  const attempt = async <T>(f: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await f()
    } catch {
      return undefined
    }
  }
  const oneshot = { grouping: true, conditions: { e_16: [11, {}] } }
  out.get_member_infos_by_oneshot_condition = {
    member_table_id: 1,
    condition_info: oneshot,
    offset: 0,
    sort_key: 0,
    order: true,
  }
  out.get_members_num_by_oneshot_condition = { member_table_id: 1, condition_info: oneshot }
  out.get_posted_image_urls_by_oneshot_condition = {
    member_table_id: 1,
    condition_info: oneshot,
    offset: 0,
    sort_key: 0,
    order: true,
    album_ids: null,
  }
  out.add_member = {
    member_table_id: 1,
    member_info: { e_4: 'sdk-cross@example.com', e_5: 'abcd1234', e_6: 'SDK 太郎' },
  }
  out.update_member = { member_table_id: 1, member_id: 2, member_info: { e_6: '更新 太郎' } }
  out.add_condition = {
    member_table_id: 1,
    condition_info: { title: 'SDK 横断', grouping: true, conditions: { e_16: [11, {}] } },
  }
  out.get_posted_image_urls = { ...ex<object>('get_posted_image_urls'), member_id: 1 }
  const first = await attempt(
    async () => (await call('get_member_info', { member_table_id: 1, member_id: 1 })) as { e_4: string },
  )
  if (first) out.lookup_member_id = { member_table_id: 1, member_info: { e_4: first.e_4 } }

  const message = (): Promise<number> =>
    call('add_mail_message', { ...ex<object>('add_mail_message'), member_table_id: 1 }) as Promise<number>
  const agentMessage = (): Promise<number> =>
    call('add_mail_message_for_agent_program', ex('add_mail_message_for_agent_program')) as Promise<number>
  const clock = await advance(0)
  const schedule = async (delay: number): Promise<number> => {
    const body = ex<{ delivery_info: object }>('add_delivery_schedule')
    return (await call('add_delivery_schedule', {
      ...body,
      mail_message_id: await message(),
      delivery_info: { ...body.delivery_info, condition_id: 1, delivery_date: clock + delay },
    })) as number
  }
  // The example's delivery condition names element 7 (フリガナ, text); the scenario's date element is 8 (生年月日).
  const programBody = async (): Promise<object> => {
    const body = ex<{ program_info: { delivery_condition_info: object | null } }>('add_agent_program')
    const cond = body.program_info.delivery_condition_info
    return {
      ...body,
      mail_message_id: await agentMessage(),
      program_info: { ...body.program_info, delivery_condition_info: cond ? { ...cond, element_id: 8 } : null },
    }
  }
  const program = async (): Promise<number> => (await call('add_agent_program', await programBody())) as number

  await attempt(async () => (out.delete_mail_message = { message_id: await message() }))
  await attempt(
    async () =>
      (out.update_mail_message_for_agent_program = {
        ...ex<object>('update_mail_message_for_agent_program'),
        mail_message_id: await agentMessage(),
      }),
  )
  await attempt(async () => (out.delete_mail_message_for_agent_program = { mail_message_id: await agentMessage() }))
  await attempt(async () => {
    const body = ex<{ delivery_info: object }>('add_delivery_schedule')
    out.add_delivery_schedule = {
      ...body,
      mail_message_id: await message(),
      delivery_info: { ...body.delivery_info, condition_id: 1, delivery_date: clock + 86_400 },
    }
  })
  await attempt(
    async () =>
      (out.add_test_delivery_schedule = {
        ...ex<object>('add_test_delivery_schedule'),
        mail_message_id: await message(),
      }),
  )
  await attempt(async () => (out.cancel_delivery_schedule = { delivery_id: await schedule(86_400) }))
  await attempt(async () => (out.add_agent_program = await programBody()))
  await attempt(async () => (out.delete_agent_program = { agent_program_id: await program() }))
  await attempt(async () => {
    const ap = await program()
    out.enable_agent_program = { agent_program_id: ap, enable: false }
    out.get_mail_message_by_agent_program = { agent_program_id: ap }
    out.get_delivery_results_by_agent_program = {
      ...ex<object>('get_delivery_results_by_agent_program'),
      agent_program_id: ap,
    }
  })
  await attempt(async () => {
    const done = await schedule(120)
    await advance(6 * 3600) // the delivery runs to the end; running batch jobs finish too
    out.get_delivery_status = { delivery_id: done }
    out.get_delivery_result = { delivery_id: done }
    out.get_addresses_for_delivery = { ...ex<object>('get_addresses_for_delivery'), delivery_id: done, type: 'valid' }
    out.get_click_counts_for_delivery = { delivery_id: done }
    out.get_summary_for_delivery_status = { delivery_id: done }
    const clicks = (await call('get_click_counts_for_delivery', { delivery_id: done })) as Array<{
      id?: number
      clickcount_id?: number
    }>
    const c = clicks[0]
    if (c) out.get_click_count_result = { clickcount_id: c.clickcount_id ?? c.id, offset: 0 }
  })
  await attempt(async () => {
    const stored = (await call('upload_stored_files', ex('upload_stored_files'))) as number
    out.import_members = { member_table_id: 1, stored_file_id: stored, is_update: 0 }
  })
  await attempt(async () => {
    const forms = (await call('get_member_forms', { member_table_id: 1 })) as Array<{ id: number }>
    if (forms[0]) {
      out.get_member_form_elements = { form_id: forms[0].id }
      out.get_member_info_for_update = { member_form_id: forms[0].id, member_id: 1 }
      out.get_oneclick_login_url = {
        ...ex<object>('get_oneclick_login_url'),
        member_form_id: forms[0].id,
        member_id: 1,
      }
    }
  })
  return out
}
