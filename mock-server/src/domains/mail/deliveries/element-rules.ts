import type { EngineContext } from '../../../kernel/context.js'
import { KrsError } from '../../../kernel/krs-error.js'
import { msg } from '../../../kernel/messages.js'
import type { MemberElement } from '../../member-db/member-db-state.js'
import { requireElement } from '../../member-db/tables/table-access.js'

/**
 * An element of the message's table, of the wanted type: F0005 unknown, F0007 element of
 * another table, F0103 not an e-mail element, F0131 not a date element.
 */
export function requireTypedElement(
  ctx: EngineContext,
  tableId: number,
  elementId: number,
  want: 'email' | 'date',
  key: string,
): MemberElement {
  const { table, element } = requireElement(ctx, elementId)
  if (table.id !== tableId)
    throw new KrsError(
      'KR_API_F0007',
      msg('element_key_other_table', {
        key,
        element_id: elementId,
        member_table_id: table.id,
        other_table_id: tableId,
      }),
    )
  if (element.type !== want) {
    if (want === 'email')
      throw new KrsError(
        'KR_API_F0103',
        msg('element_not_email', { key, element_id: elementId, name: element.name, type: element.type }),
      )
    throw new KrsError(
      'KR_API_F0131',
      msg('element_not_date', { key, element_id: elementId, name: element.name, type: element.type }),
    )
  }
  return element
}
