import type { OperationHandler } from '@krs-kit/contract/handlers'
import type { EngineContext } from '../../kernel/context.js'

/** The KREISEL version the emulator reports (the public documentation's example value). */
export const KREISEL_VERSION = '1.5.0'

/** `get_version`: no security, no rights; the bare version string. */
export const getVersion: OperationHandler<'get_version', EngineContext> = () => KREISEL_VERSION
