import type { Answer, ReadOnlyCaller, ReadOnlyOperation } from './read-only-caller.js'

export interface SweepCall {
  operation: ReadOnlyOperation
  body: Record<string, unknown>
  answer: Answer
}

/** A table id no environment has: the sweep's probe of a business error. */
export const absentTableId = 2147483647

/**
 * A read-only sweep of an environment: every read of `scenario pull` (one page of members),
 * plus one call that must fail (an absent table), driven by the ids the answers give.
 */
export async function sweep(caller: ReadOnlyCaller, progress: (line: string) => void): Promise<SweepCall[]> {
  const calls: SweepCall[] = []
  const call = async (operation: ReadOnlyOperation, body: Record<string, unknown>): Promise<Answer> => {
    const answer = await caller.call(operation, body)
    calls.push({ operation, body, answer })
    return answer
  }
  const list = <T>(a: Answer): T[] => (a.status === 200 && Array.isArray(a.body) ? (a.body as T[]) : [])
  await call('get_environment_name', {})
  const tables = list<{ id: number }>(await call('get_member_tables', {}))
  for (const table of tables) {
    progress(`table ${table.id}`)
    const elements = list<{ id: number; system?: boolean }>(
      await call('get_member_table_elements', { member_table_id: table.id }),
    )
    for (const e of elements) if (!e.system) await call('get_member_table_element_config', { element_id: e.id })
    await call('get_conditions', { member_table_id: table.id })
    await call('get_members_num_by_condition', { member_table_id: table.id, condition_id: 1 })
    await call('get_member_infos_by_condition', {
      member_table_id: table.id,
      condition_id: 1,
      offset: 0,
      sort_key: 0,
      order: true,
    })
    const forms = list<{ id: number }>(await call('get_member_forms', { member_table_id: table.id }))
    for (const f of forms) await call('get_member_form_elements', { form_id: f.id })
    const programs = list<{ id: number }>(await call('get_agent_programs', { member_table_id: table.id }))
    for (const p of programs) await call('get_mail_message_by_agent_program', { agent_program_id: p.id })
    const history = await call('get_delivery_results_by_interval', { member_table_id: table.id, start_timestamp: 0 })
    const ids =
      history.status === 200 && history.body && typeof history.body === 'object' ? Object.keys(history.body) : []
    for (const id of ids) await call('get_click_counts_for_delivery', { delivery_id: Number(id) })
  }
  await call('get_member_table_elements', { member_table_id: absentTableId })
  return calls
}
