import type { EngineOptions } from '../../src/kernel/create-engine.js'

/**
 * No injection any more: every part-2 handler is in src/handler-table.ts and the delivery
 * clock hook in src/engine/tick-hooks.ts, so the engine's defaults are the real wiring.
 * Kept only because test/members/mail-condition-keys.door.test.ts still imports it; once
 * that test drops `...mailEngine()` this file can be deleted. New suites use door-kit.ts.
 * @deprecated
 */
export function mailEngine(extra: EngineOptions = {}): EngineOptions {
  return { ...extra }
}
