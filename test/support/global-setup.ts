import type { TestProject } from 'vitest/node'
import { startMock, type MockProcess } from './spawn-mock.js'
import { startPrism, type PrismProcess } from './spawn-prism.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The emulator started for this run, e.g. http://127.0.0.1:41234 */
    mockUrl: string
    /** Prism's validating proxy in front of it. */
    prismUrl: string
  }
}

let mock: MockProcess | undefined
let prism: PrismProcess | undefined

/**
 * One emulator for the whole run (manual clock: time moves only when a test says so),
 * started by the tests themselves on a random port, and Prism in front of it.
 */
export async function setup(project: TestProject): Promise<void> {
  mock = await startMock(['--clock', 'manual'])
  prism = await startPrism(mock.url)
  project.provide('mockUrl', mock.url)
  project.provide('prismUrl', prism.url)
}

export async function teardown(): Promise<void> {
  await prism?.stop()
  const code = await mock?.stop('SIGTERM')
  if (code !== 0 && code !== undefined) {
    throw new Error(`krs-mock did not shut down cleanly (exit ${String(code)}):\n${mock?.output().slice(-4000)}`)
  }
}
