import { expectOk } from '../../support/services-doors.js'
import type { DoorTarget } from '../../support/run-on-every-door.js'

export interface FormEl {
  id: number
  element_id: number
  type: string
  title: string
  requirement: number
}

/** Form element name (`e_{form element id}`) by database element id (0 = auth password). */
export async function namesOf(t: DoorTarget, formId: number): Promise<(elementId: number) => string> {
  const els = expectOk(await t.call<FormEl[]>('get_member_form_elements', { form_id: formId }))
  return (elementId) => {
    const el = els.find((e) => e.element_id === elementId)
    if (!el) throw new Error(`form ${formId} has no element for ${elementId}`)
    return `e_${el.id}`
  }
}

/** Register a member through the API registration form 16; answers its id. */
export async function register(
  t: DoorTarget,
  email: string,
  password = 'Passw0rd1',
  extra: Record<number, unknown> = {},
): Promise<number> {
  const n = await namesOf(t, 16)
  const info: Record<string, unknown> = { [n(4)]: email, [n(5)]: password, [n(6)]: 'テスト 花子' }
  for (const [k, v] of Object.entries(extra)) info[n(Number(k))] = v
  return expectOk(
    await t.call<number>('do_member_form_action', { member_form_id: 16, member_id: 0, member_info: info }),
  )
}
