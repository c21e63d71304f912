import { KrsError } from '../../../kernel/krs-error.js'
import { msg } from '../../../kernel/messages.js'
import type { MailMessage } from '../mail-state.js'

/**
 * A mail message is reserved by the delivery or agent program that uses it: while it is, no
 * other delivery or program may take it and it cannot be deleted (KR_API_F0102). This is
 * the one place that takes, checks and releases a reservation. (The member tables' lock,
 * `member-db/tables/lock.ts`, is another rule.) The state keeps the holder in
 * `MailMessage.lockedBy`, the name saved snapshots use.
 */

/** The key of a delivery that reserves a message (and marks the condition it uses). */
export const deliveryKey = (deliveryId: number): string => `delivery:${deliveryId}`

/** The key of an agent program that reserves a message (and marks the condition it uses). */
export const agentProgramKey = (agentProgramId: number): string => `agent:${agentProgramId}`

/** KR_API_F0102 when the message is reserved; `field` is the request key that named it. */
export function requireUnreserved(m: MailMessage, field: string): void {
  if (m.lockedBy !== null)
    throw new KrsError('KR_API_F0102', msg('message_locked', { field, id: m.id, holder: m.lockedBy }))
}

/** Reserve a free message for `key` (check with `requireUnreserved` first). */
export function reserveMessage(m: MailMessage, key: string): void {
  m.lockedBy = key
}

/** Release the message if `key` holds it (a message deleted meanwhile or held by another stays as it is). */
export function releaseMessage(m: MailMessage | undefined, key: string): void {
  if (m !== undefined && m.lockedBy === key) m.lockedBy = null
}
