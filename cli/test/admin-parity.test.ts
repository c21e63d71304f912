import { adminOperationNames, adminOperations } from '@krs-kit/contract/admin-client'
import { adminSurfaces, cliWordsOf } from '@krs-kit/contract/admin-surfaces'
import type { Command } from 'commander'
import { describe, expect, it } from 'vitest'
import { buildProgram } from '../src/program.js'
import { engineFetch, env } from './support/engine-fetch.js'
import { silentIo } from '../src/io.js'
import { runKrs } from './support/memory-io.js'

/** The command at `krs mock <words>`, or undefined. */
function commandAt(program: Command, words: readonly string[]): Command | undefined {
  let at = program.commands.find((c) => c.name() === 'mock')
  for (const word of words) at = at?.commands.find((c) => c.name() === word || c.aliases().includes(word))
  return at
}

describe('admin parity: every admin operation is a `krs mock` command, or its row says why not', () => {
  it('every row names a command that exists, and every exemption gives a reason', async () => {
    const program = await buildProgram(silentIo(process.cwd()), () => false)
    const missing: string[] = []
    for (const name of adminOperationNames) {
      const words = cliWordsOf(name)
      if (words === undefined) {
        const { exempt } = adminSurfaces[name].cli as { exempt: string }
        expect(exempt.length, `${name}: an exemption says why`).toBeGreaterThan(20)
        continue
      }
      if (commandAt(program, words) === undefined) missing.push(`${name}: krs mock ${words.join(' ')}`)
    }
    expect(missing).toEqual([])
  })

  it('the table names each admin operation of the contract once, and nothing else', () => {
    expect(Object.keys(adminSurfaces).sort()).toEqual([...adminOperationNames].sort())
  })

  // The commands made from the table (no hand-written action): each sends its operation.
  it.each([
    ['mock_health', ['health']],
    ['mock_list_templates', ['templates', 'list']],
    ['mock_get_form_outbox', ['forms', 'outbox']],
    ['mock_clear_form_outbox', ['forms', 'outbox', 'clear']],
  ] as const)('%s: krs mock %s sends its method and path and prints the answer', async (name, words) => {
    expect(cliWordsOf(name)).toEqual(words)
    const server = engineFetch()
    const r = await runKrs(['mock', ...words], { fetch: server.fetch, env })
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const info = adminOperations[name]
    expect(server.requests.map((q) => `${q.method} ${new URL(q.url).pathname}`)).toEqual([
      `${info.method} ${info.path}`,
    ])
    expect(() => JSON.parse(r.stdout)).not.toThrow()
  })

  it('a query parameter of the contract is a flag of the command made from the table', async () => {
    const program = await buildProgram(silentIo(process.cwd()), () => false)
    const outbox = commandAt(program, ['forms', 'outbox'])
    const flags = outbox?.options.map((o) => o.long) ?? []
    for (const p of adminOperations.mock_get_form_outbox.parameters)
      if (p.in === 'query') expect(flags).toContain(`--${p.name.replace(/_/g, '-')}`)
  })
})
