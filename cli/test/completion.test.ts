import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { operationNames } from '../src/generated/operation-names.js'
import { runKrs } from './support/memory-io.js'

describe('krs completion', () => {
  it('bash: valid syntax, completes commands and the flags of a command', async () => {
    const r = await runKrs(['completion', 'bash'])
    expect(r.code).toBe(0)
    expect(spawnSync('bash', ['-n'], { input: r.stdout }).status).toBe(0)
    const complete = (line: string) => {
      const words = line.split(' ')
      const script = `${r.stdout}\nCOMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _krs; printf '%s\\n' "\${COMPREPLY[@]}"`
      return spawnSync('bash', ['-c', script], { encoding: 'utf8' }).stdout.trim().split('\n')
    }
    expect(complete('krs get-member-ta').sort()).toEqual([
      'get-member-table-element-config',
      'get-member-table-elements',
      'get-member-tables',
    ])
    expect(complete('krs get-member-info --member-')).toEqual(['--member-table-id', '--member-id'])
    expect(complete('krs --token t get-member-info --member-')).toEqual(['--member-table-id', '--member-id'])
    expect(complete('krs wait ')).toEqual(expect.arrayContaining(['delivery', 'batch-job']))
  })

  it('zsh and fish name every operation', async () => {
    for (const shell of ['zsh', 'fish']) {
      const r = await runKrs(['completion', shell])
      expect(r.code).toBe(0)
      for (const name of operationNames) expect(r.stdout).toContain(name)
    }
  })

  it('an unknown shell is a usage error', async () => {
    const r = await runKrs(['completion', 'tcsh'])
    expect(r.code).toBe(2)
  })
})
