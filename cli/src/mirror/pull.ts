import type { Answer, ReadOnlyCaller, ReadOnlyOperation } from './read-only-caller.js'

/** Element types whose values the API never gives back as they are stored. */
const unreadableTypes = new Set(['hashed_password', 'password', 'encrypted_text'])
/** Element types the service fills itself: a listed member may not carry them. */
const serviceFilledTypes = new Set(['autogen', 'timestamp'])

export interface PullOptions {
  /** How many members of each table to copy (0: none). */
  members: number
  /** Progress (a bar on stderr when it is a terminal): the step and how far, in percent. */
  progress: (text: string, percent?: number) => void
  /** Replaces member values (names, addresses, phones, free text); loaded only when asked. */
  anonymize?: ((table: TableInfo, members: Record<string, unknown>[]) => Promise<void>) | undefined
}

export interface ElementInfo {
  id: number
  name: string
  type: string
  required: boolean
  unique: boolean
  system: boolean
  config: Record<string, unknown>
}

export interface TableInfo {
  id: number
  title: string
  elements: ElementInfo[]
}

export interface PullSummary {
  pulled: { what: string; count: number }[]
  notPulled: { what: string; why: string }[]
}

export interface PullResult {
  scenario: Record<string, unknown>
  summary: PullSummary
}

export class PullError extends Error {
  constructor(
    readonly operation: string,
    readonly answer: Answer,
  ) {
    super(`${operation}: ${answer.errorCode ?? answer.status} ${JSON.stringify(answer.body)}`)
  }
}

async function read<T>(caller: ReadOnlyCaller, name: ReadOnlyOperation, body: Record<string, unknown>): Promise<T> {
  const answer = await caller.call(name, body)
  if (answer.status !== 200) throw new PullError(name, answer)
  return answer.body as T
}

/** An optional read: an error code (a missing option, no right) becomes a "not pulled" line. */
async function tryRead<T>(
  caller: ReadOnlyCaller,
  name: ReadOnlyOperation,
  body: Record<string, unknown>,
  summary: PullSummary,
  what: string,
): Promise<T | undefined> {
  const answer = await caller.call(name, body)
  if (answer.status === 200) return answer.body as T
  summary.notPulled.push({ what, why: `${name} answered ${answer.errorCode ?? answer.status}` })
  return undefined
}

function systemField(e: ElementInfo, index: number): string {
  if (/更新|update/i.test(e.name)) return 'update_date'
  if (/登録|regist/i.test(e.name)) return 'regist_date'
  return index === 0 ? 'regist_date' : 'update_date'
}

/** The scenario entry of one member read by get_member_infos_by_condition. */
function listedMember(table: TableInfo, m: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  if (typeof m.regist_date === 'string') out.regist_date = m.regist_date
  for (const e of table.elements) {
    if (e.system || unreadableTypes.has(e.type) || serviceFilledTypes.has(e.type)) continue
    const key = `e_${e.id}`
    if (key in m && m[key] !== null) out[key] = m[key]
  }
  return out
}

/** Reads an environment with read-only calls and builds a scenario the emulator loads. */
export async function pullScenario(caller: ReadOnlyCaller, o: PullOptions): Promise<PullResult> {
  const summary: PullSummary = { pulled: [], notPulled: [] }
  const name = await read<string>(caller, 'get_environment_name', {})
  o.progress(`environment: ${name}`)
  const tables = await read<{ id: number; title: string; nums?: number }[]>(caller, 'get_member_tables', {})
  summary.pulled.push({ what: 'member tables', count: tables.length })

  const memberTables: Record<string, unknown>[] = []
  const forms: Record<string, unknown>[] = []
  const agentPrograms: Record<string, unknown>[] = []
  let elementCount = 0
  let conditionCount = 0
  let memberCount = 0
  let formCount = 0
  for (const [ti, table] of tables.entries()) {
    o.progress(`table ${table.id} ${table.title}: elements`, (ti / tables.length) * 100)
    const list = await read<Omit<ElementInfo, 'config'>[]>(caller, 'get_member_table_elements', {
      member_table_id: table.id,
    })
    const elements: ElementInfo[] = []
    for (const e of list) {
      const config = e.system
        ? {}
        : await read<Record<string, unknown>>(caller, 'get_member_table_element_config', { element_id: e.id })
      elements.push({ ...e, config: config ?? {} })
    }
    elementCount += elements.length
    const info: TableInfo = { id: table.id, title: table.title, elements }
    let timestampIndex = 0
    const scenarioElements = elements.map((e) => {
      const out: Record<string, unknown> = { id: e.id, name: e.name, type: e.type }
      if (e.required) out.required = true
      if (e.unique) out.unique = true
      if (e.system) {
        out.system = true
        if (e.type === 'timestamp') out.systemField = systemField(e, timestampIndex++)
      }
      out.config = e.config
      return out
    })

    o.progress(`table ${table.id}: conditions`, (ti / tables.length) * 100)
    const conditions = await read<{ id: number; title: string; predefined: string | null }[]>(
      caller,
      'get_conditions',
      { member_table_id: table.id },
    )
    const own = conditions.filter((c) => c.predefined === null)
    conditionCount += own.length

    const members: Record<string, unknown>[] = []
    if (o.members > 0) {
      for (let offset = 0; members.length < o.members; offset += 50) {
        o.progress(
          `table ${table.id}: members ${members.length}/${Math.min(o.members, table.nums ?? o.members)}`,
          (ti / tables.length) * 100,
        )
        const page = await read<Record<string, unknown>[]>(caller, 'get_member_infos_by_condition', {
          member_table_id: table.id,
          condition_id: 1,
          offset,
          sort_key: 0,
          order: true,
        })
        for (const m of page) if (members.length < o.members) members.push(listedMember(info, m))
        if (page.length < 50) break
      }
      if (o.anonymize && members.length > 0) await o.anonymize(info, members)
      memberCount += members.length
    }
    memberTables.push({
      id: table.id,
      title: table.title,
      elements: scenarioElements,
      members: members.length > 0 ? { generate: 0, list: members } : { generate: 0 },
      conditions: own.map((c) => ({ id: c.id, title: c.title, grouping: true, conditions: {} })),
    })

    o.progress(`table ${table.id}: forms`, ((ti + 0.5) / tables.length) * 100)
    const tableForms = await tryRead<Record<string, unknown>[]>(
      caller,
      'get_member_forms',
      { member_table_id: table.id },
      summary,
      `forms of table ${table.id}`,
    )
    for (const f of tableForms ?? []) {
      const els = await read<Record<string, unknown>[]>(caller, 'get_member_form_elements', { form_id: f.id })
      const { carriers, ...rest } = f
      forms.push({
        ...rest,
        member_table_id: table.id,
        ...(typeof carriers === 'string' ? { carriers: carriers.split(/\s+/).filter(Boolean) } : {}),
        elements: els.map(({ type: _type, ...e }) => e),
      })
      formCount++
    }

    const programs = await tryRead<Record<string, unknown>[]>(
      caller,
      'get_agent_programs',
      { member_table_id: table.id },
      summary,
      `agent programs of table ${table.id}`,
    )
    for (const p of programs ?? []) {
      const message = await tryRead<unknown>(
        caller,
        'get_mail_message_by_agent_program',
        { agent_program_id: p.id },
        summary,
        `mail message of agent program ${String(p.id)}`,
      )
      agentPrograms.push({ ...p, member_table_id: table.id, mail_message: message ?? null })
    }
  }
  summary.pulled.push({ what: 'elements (with their configs)', count: elementCount })
  summary.pulled.push({ what: 'conditions (titles)', count: conditionCount })
  summary.pulled.push({ what: 'forms (with their elements)', count: formCount })
  summary.pulled.push({ what: 'agent programs (with their mail messages)', count: agentPrograms.length })
  summary.pulled.push({ what: 'members', count: memberCount })

  o.progress('recent deliveries', 100)
  const deliveries: Record<string, unknown>[] = []
  for (const table of tables) {
    // from 0: the service answers the newest 100 deliveries
    const history = await tryRead<Record<string, Record<string, unknown>>>(
      caller,
      'get_delivery_results_by_interval',
      { member_table_id: table.id, start_timestamp: 0 },
      summary,
      `delivery history of table ${table.id}`,
    )
    for (const [key, d] of Object.entries(history ?? {})) {
      const id = Number(key)
      const clicks = await tryRead<unknown>(
        caller,
        'get_click_counts_for_delivery',
        { delivery_id: id },
        summary,
        `click counts of delivery ${id}`,
      )
      deliveries.push({ delivery_id: id, ...d, member_table_id: table.id, click_counts: clicks ?? null })
    }
  }
  summary.pulled.push({ what: 'recent deliveries, newest 100 per table (with click counts)', count: deliveries.length })

  summary.notPulled.push(
    {
      what: 'condition rules',
      why: 'get_conditions answers ids and titles only; the pulled conditions match every member',
    },
    { what: 'hidden conditions', why: 'get_conditions does not list them' },
    { what: 'password and hashed-password values', why: 'the API answers them masked' },
    {
      what: 'encrypted text values',
      why: 'never readable as stored (placeholders without the encrypted-key permission)',
    },
    { what: 'auto-numbered and timestamp values', why: 'the emulator numbers and stamps listed members itself' },
    { what: 'member ids', why: 'listed members are numbered from 1 in the order read' },
    {
      what: 'accounts, rights and tokens',
      why: 'no read operation; the scenario has one all-rights account with token krs-all',
    },
    { what: 'blacklist, column sets, posted images', why: 'no read operation' },
    {
      what: 'agent programs, deliveries and click counts as state',
      why: 'kept under extensions.mirror for reference; the emulator does not replay them',
    },
  )
  if (o.members === 0) summary.notPulled.push({ what: 'members', why: 'not asked (--members N copies N per table)' })

  const scenario: Record<string, unknown> = {
    environment: { name },
    accounts: [
      {
        id: 1,
        login: 'admin',
        name: 'システム管理者',
        level: 'all',
        memberDataSearch: true,
        encryptedKey: true,
        resultDownload: true,
        postedImageMenu: true,
        options: { mail: true, forms: true, posted_images: true },
        tables: 'all',
      },
    ],
    tokens: [{ name: 'krs-all', account: 1 }],
    memberTables,
    forms,
    extensions: { mirror: { pulled_at: new Date().toISOString(), agent_programs: agentPrograms, deliveries } },
  }
  return { scenario, summary }
}
