import { loadOperation } from '../operation-loader.js'
import type { OperationName } from '@krs-kit/contract/operation-names'
import { cliRequest } from '../client/http.js'
import { ExitError } from '../exit-codes.js'
import type { CliIo } from '../io.js'
import { version } from '../version.js'

/**
 * The only operations `krs scenario pull` and `krs verify` may send: reads of the
 * environment. Each must also be marked `x-krs-idempotent` in the contract
 * (checked at every call and in the tests).
 */
export const readOnlyOperations = [
  'get_environment_name',
  'get_member_tables',
  'get_member_table_elements',
  'get_member_table_element_config',
  'get_conditions',
  'get_members_num_by_condition',
  'get_member_infos_by_condition',
  'get_member_forms',
  'get_member_form_elements',
  'get_agent_programs',
  'get_mail_message_by_agent_program',
  'get_delivery_results_by_interval',
  'get_click_counts_for_delivery',
] as const satisfies readonly OperationName[]

export type ReadOnlyOperation = (typeof readOnlyOperations)[number]

/** One answer: the status, the parsed body, and the business error code when there is one. */
export interface Answer {
  status: number
  body: unknown
  errorCode: string | undefined
}

export interface ReadOnlyCaller {
  call(name: ReadOnlyOperation, body: Record<string, unknown>): Promise<Answer>
}

/** A caller that refuses, before sending, anything not read-only in the contract. */
export function readOnlyCaller(io: CliIo, base: string, token: string): ReadOnlyCaller {
  return {
    async call(name, body) {
      if (
        !(readOnlyOperations as readonly string[]).includes(name) ||
        (await loadOperation(name)).info.idempotent !== true
      ) {
        throw new Error(`refusing to send ${name}: not a read-only operation`)
      }
      const request = {
        method: 'POST',
        url: `${base}/api/v1/${name}`,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'user-agent': `krs-cli/${version}`,
        },
        body: JSON.stringify(body),
      }
      let response: Response
      try {
        response = await cliRequest(io, request)
      } catch (e) {
        throw new ExitError(`${name}: ${(e as Error).message}`, 3)
      }
      const text = await response.text()
      let parsed: unknown = text
      try {
        parsed = JSON.parse(text)
      } catch {
        // a text answer stays text
      }
      const errorCode =
        response.status >= 400 &&
        parsed &&
        typeof parsed === 'object' &&
        typeof (parsed as { error_code?: unknown }).error_code === 'string'
          ? (parsed as { error_code: string }).error_code
          : response.status >= 400
            ? `HTTP_${response.status}`
            : undefined
      return { status: response.status, body: parsed, errorCode }
    },
  }
}
