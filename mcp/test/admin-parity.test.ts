import { adminOperationNames } from '@krs-kit/contract/admin-client'
import { getOutboxParameters, setClockBody } from '@krs-kit/contract/admin-requests'
import { adminSurfaces, mcpToolOf } from '@krs-kit/contract/admin-surfaces'
import { describe, expect, it } from 'vitest'
import { emulatorTools } from '../src/tools/emulator-tools.js'

describe('admin parity: every admin operation is an emulator tool of krs-mcp, or its row says why not', () => {
  const tools = new Map(emulatorTools.map((t) => [t.name, t]))

  it('every row names a tool that exists, and every exemption gives a reason', () => {
    const missing: string[] = []
    for (const name of adminOperationNames) {
      const tool = mcpToolOf(name)
      if (tool === undefined) {
        const { exempt } = adminSurfaces[name].mcp as { exempt: string }
        expect(exempt.length, `${name}: an exemption says why`).toBeGreaterThan(20)
        continue
      }
      if (!tools.has(tool)) missing.push(`${name}: ${tool}`)
    }
    expect(missing).toEqual([])
  })

  it('every emulator tool stands for an admin operation of the table', () => {
    const named = new Set(adminOperationNames.map(mcpToolOf).filter((t) => t !== undefined))
    expect([...tools.keys()].filter((t) => !named.has(t))).toEqual([])
  })

  it("the tools' arguments carry the admin contract's bounds", () => {
    const outbox = tools.get('emulator_outbox')?.inputSchema as { properties: Record<string, object> }
    expect(outbox.properties.limit).toMatchObject(getOutboxParameters.limit)
    const clock = setClockBody as { properties: Record<string, object> }
    const advance = tools.get('emulator_advance_clock')?.inputSchema as { properties: Record<string, object> }
    expect(advance.properties.seconds).toMatchObject({
      ...clock.properties.advance_seconds,
      description: expect.any(String),
    })
  })
})
