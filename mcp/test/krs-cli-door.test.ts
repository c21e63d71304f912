/**
 * `krs mcp`: the CLI starts the same server with its own connection settings (here a saved
 * profile), over stdio, for an MCP client.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type MockProcess, startMock } from '@krs-kit/cross-tests/support/spawn-mock'
import { cleanEnv } from './support.js'

const krsBin = fileURLToPath(new URL('../../cli/bin/krs.cjs', import.meta.url))
let mock: MockProcess
let home: string

beforeAll(async () => {
  mock = await startMock()
  home = mkdtempSync(join(tmpdir(), 'krs-mcp-door-'))
  mkdirSync(join(home, 'krs'))
  writeFileSync(
    join(home, 'krs', 'config.json'),
    JSON.stringify({ current: 'emu', profiles: { emu: { base_url: mock.url, token: 'krs-reference' } } }),
  )
})

afterAll(async () => {
  await mock?.stop()
  rmSync(home, { recursive: true, force: true })
})

it('krs mcp serves the profile’s target: emulator tools, and its reference token cannot add members', async () => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [krsBin, 'mcp', '--allow-writes'],
    env: cleanEnv({ XDG_CONFIG_HOME: home }),
    stderr: 'pipe',
  })
  let err = ''
  transport.stderr?.on('data', (d: Buffer) => (err += d.toString('utf8')))
  const client = new Client({ name: 'door', version: '0' })
  await client.connect(transport)
  try {
    const names = (await client.listTools()).tools.map((t) => t.name)
    expect(names).toContain('emulator_journal')
    const r = (await client.callTool({
      name: 'krs_call',
      arguments: { operation: 'add_member', body: { member_table_id: 1, member_info: { e_4: 'door@example.com' } } },
    })) as { isError?: boolean; content: { text: string }[] }
    // The profile's token is the emulator's reference account: the service refuses, it is not the gate.
    expect(r.isError).toBe(true)
    expect(r.content[0]?.text).toMatch(/KR_API_F\d{4}/)
    expect(err).toContain(`target ${mock.url} (the krs-kit emulator), writes allowed (emulator only)`)
  } finally {
    await client.close()
  }
})
