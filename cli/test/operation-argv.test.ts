import type { Command } from 'commander'
import { describe, expect, it } from 'vitest'
import { globalOptions } from '../src/commands/global-options.js'
import { readOperationArgv, type OperationArgs } from '../src/commands/operation-argv.js'
import { commanderArgs } from '../src/commands/operation-command.js'
import { operationFlags } from '../src/commands/operation-flags.js'
import { operations, type OperationInfo } from '@krs-kit/contract/operations'
import { buildProgram } from '../src/program.js'
import { Prng } from '@krs-kit/cross-tests/support/fuzz/prng'
import { silentIo } from '../src/io.js'

// `krs <operation> …` is read by run.ts itself (readOperationArgv) when it can, else by
// commander. Whatever the first reads must be what commander reads: these tests put both on the
// same command lines, generated from each operation's flags, the global options and the shapes
// that trip a parser (values that look like flags, `=`, `--`, help, extra words, short groups).

const quiet = silentIo(process.cwd())

/** What commander makes of `argv` for the operation: its arguments, or the error it stops with. */
async function commanderReads(info: OperationInfo, argv: readonly string[]): Promise<OperationArgs | 'error'> {
  const flags = operationFlags(info)
  const program = await buildProgram(quiet, (name) => name === info.name, { operationOnly: true })
  let read: OperationArgs | undefined
  const command = program.commands.find((c) => c.name() === info.name) as Command
  command.action((_opts: unknown, c: Command) => {
    read = commanderArgs(c, flags)
  })
  try {
    await program.parseAsync([...argv], { from: 'user' })
  } catch {
    return 'error'
  }
  return read ?? 'error'
}

const values = [
  '1',
  '42',
  'json',
  'table',
  'a b',
  '',
  '-',
  '-1',
  '--verbose',
  '-o',
  'true',
  'false',
  'a=b',
  '@x.json',
  'get-version',
  'help',
  '--',
  '{"a":1}',
  '[1,2]',
  'null',
]
const oddities = [
  'help',
  '--help',
  '-h',
  '-V',
  '--',
  'extra',
  '--unknown',
  '-x',
  '-ojson',
  '-rq',
  '-r=1',
  '--raw=true',
  '--=x',
  '-',
]

/** One command line for `info`: a few tokens around the command word, each of a shape picked at random. */
function commandLine(info: OperationInfo, prng: Prng): string[] {
  const next = () => prng.next()
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T
  const flags = operationFlags(info)
  const token = (): string[] => {
    const r = next()
    if (r < 0.35 && flags.length > 0) {
      const f = pick(flags)
      const shape = next()
      if (shape < 0.45) return [`--${f.flag}`, pick(values)]
      if (shape < 0.8) return [`--${f.flag}=${pick(values)}`]
      return [`--${f.flag}`]
    }
    if (r < 0.7) {
      const o = pick(globalOptions)
      const name = o.short && next() < 0.3 ? o.short : o.long
      if (o.value === undefined) return [name]
      return next() < 0.6 ? [name, pick(values)] : [`${o.long}=${pick(values)}`]
    }
    if (r < 0.8) return ['--body', pick(values)]
    if (r < 0.86) return [pick(oddities)]
    if (r < 0.9) return [pick(values)]
    return []
  }
  const alias = info.name.replace(/_/g, '-')
  const word = next() < 0.9 ? pick([info.name, alias]) : pick([alias.replace('-', '_'), 'get-versions'])
  const before = Array.from({ length: Math.floor(next() * 3) }, token).flat()
  const after = Array.from({ length: Math.floor(next() * 5) }, token).flat()
  return [...before, word, ...after]
}

describe('readOperationArgv reads what commander reads', () => {
  it('on generated command lines of every operation: the same arguments, or it leaves the line to commander', async () => {
    let read = 0
    let left = 0
    // Seeded, so that a failing line can be reproduced.
    const prng = new Prng(20261127)
    for (const info of Object.values(operations) as OperationInfo[]) {
      for (let i = 0; i < 40; i++) {
        const argv = commandLine(info, prng)
        const mine = readOperationArgv(argv, info.name, operationFlags(info))
        if (mine === undefined) {
          left++
          continue
        }
        read++
        expect(await commanderReads(info, argv), argv.join(' ')).toEqual(mine)
      }
    }
    // Both ways are taken often enough for the comparison to mean something.
    expect(read).toBeGreaterThan(400)
    expect(left).toBeGreaterThan(400)
  })

  it('reads the shapes scripts write', () => {
    const info = operations.get_member_info as OperationInfo
    const flags = operationFlags(info)
    expect(
      readOperationArgv(
        ['--token', 't', 'get-member-info', '--member-table-id', '1', '--member-id=2', '-o', 'table', '--verbose'],
        info.name,
        flags,
      ),
    ).toEqual({
      globals: { token: 't', output: 'table', verbose: true },
      values: new Map([
        ['member_table_id', '1'],
        ['member_id', '2'],
      ]),
    })
  })

  it('leaves to commander what it does not read: help, `--`, a flag before the command, a value that starts with -', () => {
    const info = operations.get_member_info as OperationInfo
    const flags = operationFlags(info)
    for (const argv of [
      ['get-member-info', '--help'],
      ['help', 'get-member-info'],
      ['get-member-info', '--', '--member-id', '1'],
      ['--member-id', '1', 'get-member-info'],
      ['get-member-info', '--member-id', '-1'],
      ['get-member-info', 'extra'],
      ['get-member-info', '-ojson'],
      ['get_member-info'],
    ])
      expect(readOperationArgv(argv, info.name, flags), argv.join(' ')).toBeUndefined()
  })
})
