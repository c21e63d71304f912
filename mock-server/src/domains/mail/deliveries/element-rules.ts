import type { EngineContext } from '../../../kernel/context.js'
import { KrsError } from '../../../kernel/krs-error.js'
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
    throw new KrsError('KR_API_F0007', `${key} ${elementId} belongs to member table ${table.id}, not ${tableId}`)
  if (element.type !== want) {
    if (want === 'email')
      throw new KrsError(
        'KR_API_F0103',
        `${key} ${elementId} ("${element.name}") is of type ${element.type}, not an e-mail element`,
      )
    throw new KrsError(
      'KR_API_F0131',
      `${key} ${elementId} ("${element.name}") is of type ${element.type}, not a date element`,
    )
  }
  return element
}
