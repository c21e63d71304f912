import { expect, vi } from 'vitest'
import type { EngineOptions } from '../../src/index.js'
import { memberDbHandlers } from '../../src/domains/member-db/handlers.js'
import { batchModule } from '../../src/domains/batch/module.js'
import { environmentModule } from '../../src/domains/environment/module.js'
import { formsModule } from '../../src/domains/forms/module.js'
import { postedImagesModule } from '../../src/domains/posted-images/module.js'
import { storedFilesModule } from '../../src/domains/stored-files/module.js'
import { zipModule } from '../../src/domains/zip/module.js'
import { batchTickHook } from '../../src/domains/batch/batch-section.js'
import type { TenantState } from '../../src/kernel/tenant-state.js'
import { runOnEveryDoor, type CallResult, type DoorTarget } from './run-on-every-door.js'

// Suites build an engine with generated members per test and door; a busy machine (two cores
// shared by many processes) stretches that well past the default 20 s.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 })

/** 2026-01-01 00:00:00 UTC, the runner's manual clock start. */
export const START = 1_767_225_600

/**
 * Engine options of the forms, batch and files suites: the handlers of those domains and of
 * the member database, and the batch tick hook alone (moving the clock runs batch jobs, no
 * mail delivery).
 */
export function servicesEngine(members = 60, extra: EngineOptions = {}): EngineOptions {
  return {
    members,
    handlers: {
      ...memberDbHandlers,
      ...formsModule.handlers,
      ...postedImagesModule.handlers,
      ...batchModule.handlers,
      ...storedFilesModule.handlers,
      ...zipModule.handlers,
      ...environmentModule.handlers,
    },
    tickHooks: [batchTickHook],
    ...extra,
  }
}

export function runServicesSuite(
  name: string,
  cases: (t: DoorTarget) => void,
  members = 60,
  extra: EngineOptions = {},
): void {
  runOnEveryDoor(name, cases, { engine: () => servicesEngine(members, extra) })
}

export function stateOf(t: DoorTarget): TenantState {
  return t.engine.defaultTenant.state
}

/** Assert an error answer with this code. */
export function expectError(r: CallResult, code: string): void {
  expect((r.body as { error_code?: string }).error_code, JSON.stringify(r.body)).toBe(code)
  expect(r.status).toBeGreaterThanOrEqual(400)
}

export function expectOk<T>(r: CallResult<T>): T {
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return r.body
}

export async function advance(t: DoorTarget, seconds: number): Promise<void> {
  const r = await t.admin('POST', 'clock', { advance_seconds: seconds })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
}
