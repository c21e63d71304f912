import type { Engine } from './engine.js'
import type { EngineInternals } from './engine-internals.js'
import type { RawRequest, RawResponse } from './raw-http.js'

/** The `/__mock/` router the composition root gives the kernel (src/admin/admin-router.ts). */
export type AdminHandler = (engine: Engine, internals: EngineInternals, raw: RawRequest) => Promise<RawResponse>
