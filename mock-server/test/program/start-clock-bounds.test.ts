import { describe, expect, it } from 'vitest'
import { CliUsageError } from '../../src/program/cli-args.js'
import { runCli } from '../../src/program/index.js'

// A start time outside the clock's bounds would be saved with --data-dir and then refused at
// the next start; it is refused at once instead, like the same time through POST /__mock/clock.
const io = { out: () => undefined, err: () => undefined }

describe('krs-mock --now', () => {
  it.each(['0', '946652399', '253402268400', '1e400'])('refuses %s as a usage error naming the bounds', async (now) => {
    const error = await runCli(['--port', '0', '--now', now, '--quiet'], io).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(CliUsageError)
    expect((error as Error).message).toMatch(/--now/)
  })

  it('starts at the earliest and the latest time', async () => {
    for (const now of ['946652400', '253402268399']) {
      const running = await runCli(['--port', '0', '--now', now, '--quiet'], io)
      expect(running?.engine.defaultTenant.clock.now()).toBe(Number(now))
      await running?.shutdown()
    }
  })
})
