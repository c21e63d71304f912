import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { type AdminBodyOperation, adminRequests } from '@krs-kit/contract/admin-requests'
import { scenarioSchema } from '../../src/index.js'
import { killAll, type KrsMock, startKrsMock } from '../support/krs-mock-process.js'

// What krs-mock answers 2xx it must load again. The cases come from the admin contract: every
// admin operation with a body, starting from the contract's examples of that body (or the
// tenant's own export, for the snapshot), each number at its bounds and beyond (max, max+1,
// min, min-1, 1e400) and each text at its maximum length and one more (or, without a
// maximum, longer than any saved text may be); the scenario of reset and tenant creation is
// walked the same way through the scenario schema. Each case gets its own tenant of a
// krs-mock with --data-dir; then the server is stopped (SIGKILL for one half of the cases,
// SIGTERM for the other), started again on the same folder, and must load every tenant.

afterEach(killAll)

type Json = null | boolean | number | string | Json[] | { [k: string]: Json }
type Schema = { [k: string]: any }

/** A value put in a body as raw JSON text (`1e400` does not survive JSON.stringify). */
const RAW = '\u0000raw:'

interface Case {
  op: AdminBodyOperation
  /** The field and value, for the report (`/clock/speed = 1e400`). */
  label: string
  /** The body as it is sent. */
  text: string
}

/** Over every saved text (snapshot `shortString`): a text without a documented maximum is tried at this length. */
const LONG_TEXT = 1_001
/** Cases per data dir. */
const GROUP = 40

/**
 * Values to try for a leaf schema. A member count is not tried at its maximum: that one call
 * would build 20 million members (the time of a bench, not of a test); one more than the
 * maximum is tried.
 */
function boundaryValues(s: Schema, name: string): Json[] {
  if (s.const !== undefined || s.enum !== undefined || s.pattern !== undefined) return []
  const types = [s.type].flat()
  if (types.includes('integer') || types.includes('number')) {
    const out: Json[] = [`${RAW}1e400`]
    const costly = name === 'members' || name === 'generate'
    if (s.maximum !== undefined) out.push(...(costly ? [] : [s.maximum]), s.maximum + 1)
    else out.push(2 ** 53)
    if (s.minimum !== undefined) out.push(s.minimum, s.minimum - 1)
    if (s.exclusiveMinimum !== undefined) out.push(s.exclusiveMinimum, s.exclusiveMinimum + 1e-9)
    if (types.includes('number')) out.push(0.5)
    return out
  }
  if (types.includes('string')) {
    if (s.maxLength !== undefined) return ['x'.repeat(s.maxLength), 'x'.repeat(s.maxLength + 1)]
    return ['x'.repeat(LONG_TEXT)]
  }
  return []
}

const shown = (value: Json): string => String(value).replace(RAW, '').slice(0, 40)

/** `base` with the value at `path` replaced, as JSON text. */
function withValue(base: Json, path: (string | number)[], value: Json): string {
  const copy = structuredClone(base) as any
  let at = copy
  for (const k of path.slice(0, -1)) at = at[k]
  at[path.at(-1)!] = value
  return JSON.stringify(copy).replace(/"\\u0000raw:([^"]*)"/g, '$1')
}

/** The schema that applies to `value` in a oneOf (the branch whose `const` keys match). */
function branchOf(s: Schema, value: Json): Schema | null {
  if (!s.oneOf) return s
  return (
    s.oneOf.find((b: Schema) =>
      Object.entries(b.properties ?? {}).every(
        ([k, p]) => (p as Schema).const === undefined || (value as any)?.[k] === (p as Schema).const,
      ),
    ) ?? null
  )
}

/**
 * Every (path, value) to try in `value` under `schema`: the leaves present in the value and
 * the object properties it leaves out, once per schema location (the first array item stands
 * for the others).
 */
function walk(schema: Schema, value: Json, path: (string | number)[], out: [(string | number)[], Json][]): void {
  const s = branchOf(schema, value)
  if (!s) return
  if (Array.isArray(value)) {
    if (value.length > 0 && s.items) walk(s.items, value[0]!, [...path, 0], out)
    return
  }
  if (typeof value === 'object' && value !== null) {
    for (const [k, p] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) {
      if (k in value) walk(p, value[k]!, [...path, k], out)
      else for (const v of boundaryValues(p, k)) out.push([[...path, k], v])
    }
    return
  }
  for (const v of boundaryValues(s, String(path.at(-1)))) out.push([path, v])
}

/** The examples the admin contract gives of an operation's body. */
async function contractExamples(): Promise<Map<string, Json[]>> {
  const spec = parseYaml(await readFile(new URL('../../../spec/admin.openapi.yaml', import.meta.url), 'utf8'))
  const out = new Map<string, Json[]>()
  for (const item of Object.values(spec.paths) as Schema[]) {
    for (const op of Object.values(item) as Schema[]) {
      const media = op?.requestBody?.content?.['application/json']
      if (!media) continue
      const examples = [
        ...(media.example !== undefined ? [media.example] : []),
        ...Object.values((media.examples ?? {}) as Record<string, { value: Json }>).map((e) => e.value),
      ]
      out.set(op.operationId, examples)
    }
  }
  return out
}

async function admin(url: string, token: string, method: string, path: string, text?: string) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(text !== undefined ? { body: text } : {}),
  })
  const body = await res.text()
  return { status: res.status, body }
}

/** Every case of the contract; the snapshot's come from the export of a fresh tenant. */
async function contractCases(url: string): Promise<Case[]> {
  const examples = await contractExamples()
  const fresh = await admin(url, 'krs-all', 'GET', '/__mock/snapshot')
  const scenario = JSON.parse((await admin(url, 'krs-all', 'GET', '/__mock/scenario')).body) as Json
  const cases: Case[] = []
  for (const op of Object.keys(adminRequests) as AdminBodyOperation[]) {
    const bases: Json[] = op === 'mock_import_snapshot' ? [JSON.parse(fresh.body) as Json] : (examples.get(op) ?? [{}])
    expect(bases.length, `the contract has no example body of ${op}`).toBeGreaterThan(0)
    const schema = adminRequests[op].schema as Schema
    for (const base of bases) {
      const leaves: [(string | number)[], Json][] = []
      walk(schema, base, [], leaves)
      for (const [path, value] of leaves)
        cases.push({ op, label: `${op} /${path.join('/')} = ${shown(value)}`, text: withValue(base, path, value) })
      // the scenario the body may carry is walked through the scenario schema
      if ((schema.properties as Schema | undefined)?.scenario && typeof base === 'object' && base !== null) {
        const inScenario: [(string | number)[], Json][] = []
        walk(scenarioSchema as unknown as Schema, scenario, [], inScenario)
        for (const [path, value] of inScenario)
          cases.push({
            op,
            label: `${op} /scenario/${path.join('/')} = ${shown(value)}`,
            text: withValue({ ...(base as object), scenario } as Json, ['scenario', ...path], value),
          })
      }
    }
  }
  return cases
}

/** Apply one case to a tenant of its own; the tenant's id when the answer was 2xx. */
async function applyCase(url: string, c: Case): Promise<string | null> {
  const info = adminRequests[c.op]
  if (c.op === 'mock_create_tenant') {
    const r = await admin(url, 'krs-all', info.method, info.path, c.text)
    return r.status < 300 ? (JSON.parse(r.body) as { tenant_id: string }).tenant_id : null
  }
  const made = JSON.parse((await admin(url, 'krs-all', 'POST', '/__mock/tenants', '{}')).body) as {
    tenant_id: string
    tokens: Record<string, string>
  }
  const r = await admin(url, made.tokens['krs-all']!, info.method, info.path, c.text)
  expect(r.status, `${c.label} answered ${r.status}: ${r.body}`).toBeLessThan(500)
  if (r.status >= 300) {
    await admin(url, made.tokens['krs-all']!, 'DELETE', '/__mock/tenants')
    return null
  }
  return made.tenant_id
}

const tenantIds = async (url: string): Promise<string[]> =>
  (
    JSON.parse((await admin(url, 'krs-all', 'GET', '/__mock/tenants')).body) as { tenants: { tenant_id: string }[] }
  ).tenants
    .map((t) => t.tenant_id)
    .sort()

describe('no admin call answered 2xx leaves a data dir that fails to load', () => {
  it('walks every admin body of the contract at its boundaries, restarts after SIGKILL and SIGTERM, and loads', async () => {
    const dirs: string[] = []
    try {
      const probe = await startKrsMock(['--members', '2', '--quiet'])
      const cases = await contractCases(probe.url)
      await probe.stop('SIGTERM')
      // every operation with a body has cases, and so do the values that are easiest to accept
      // and then fail to load (a number beyond a double, a negative seed, the names and keys a
      // scenario's JSON Schema checks only at load): the walk would miss its purpose without them
      for (const op of Object.keys(adminRequests))
        expect(
          cases.some((c) => c.op === op),
          op,
        ).toBe(true)
      const labels = cases.map((c) => c.label).join('\n')
      for (const field of [
        '/speed = 1e400',
        '/seed = -1',
        '/scenario/environment/name',
        '/scenario/tokens/0/name',
        '/scenario/blacklist/0',
      ])
        expect(labels).toContain(field)

      // groups of cases, each in a data dir of its own (every admin change rewrites the state
      // file, so one folder for all would cost the square of the cases), stopped by SIGKILL and
      // SIGTERM in turn
      const groups: Case[][] = []
      for (let i = 0; i < cases.length; i += GROUP) groups.push(cases.slice(i, i + GROUP))
      let accepted = 0
      const problems: string[] = []
      const runGroup = async (i: number, group: Case[]): Promise<void> => {
        const dir = await mkdtemp(join(tmpdir(), 'krs-accepted-'))
        dirs.push(dir)
        let server: KrsMock = await startKrsMock(['--members', '2', '--quiet', '--data-dir', dir])
        const labels = new Map<string, string>()
        for (const c of group) {
          const id = await applyCase(server.url, c)
          if (id !== null) labels.set(id, c.label)
        }
        accepted += labels.size
        const before = await tenantIds(server.url)
        await server.stop(i % 2 === 0 ? 'SIGKILL' : 'SIGTERM')
        server = await startKrsMock(['--members', '2', '--quiet', '--data-dir', dir])
        for (const [id, label] of labels)
          if (server.output().includes(`tenant ${id} `))
            problems.push(`${label}: ${server.output().split(`tenant ${id} `)[1]!.split('\n')[0]}`)
        const after = await tenantIds(server.url)
        for (const id of before) if (!after.includes(id)) problems.push(`${labels.get(id) ?? id}: not loaded`)
        // every tenant answers (its state is usable, not only listed)
        const snap = await admin(server.url, 'krs-all', 'GET', '/__mock/snapshot')
        expect(snap.status).toBe(200)
        await server.stop('SIGTERM')
      }
      // two groups at a time: most of a group's time is spent waiting on krs-mock's start and fsync
      let next = 0
      const worker = async (): Promise<void> => {
        while (next < groups.length) {
          const i = next++
          await runGroup(i, groups[i]!)
        }
      }
      await Promise.all([worker(), worker()])
      expect(problems).toEqual([])
      expect(accepted).toBeGreaterThan(cases.length / 4)
    } finally {
      for (const d of dirs) await rm(d, { recursive: true, force: true })
    }
  }, 600_000)
})
