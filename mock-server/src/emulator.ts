import type { OperationHandlers } from '@krs-kit/contract/handlers'
import { createAdminRouter } from './admin/admin-router.js'
import { batchModule } from './domains/batch/module.js'
import { environmentModule } from './domains/environment/module.js'
import { formsModule } from './domains/forms/module.js'
import { mailModule } from './domains/mail/module.js'
import { mailConditionExtras } from './domains/mail/deliveries/condition-extras.js'
import { createMemberDbModule } from './domains/member-db/module.js'
import { postedImagesModule } from './domains/posted-images/module.js'
import { storedFilesModule } from './domains/stored-files/module.js'
import { createZipModule, zipModule } from './domains/zip/module.js'
import type { ZipTextLoader } from './domains/zip/zip-source.js'
import type { EngineContext } from './kernel/context.js'
import type { EmulatorModule } from './kernel/module.js'
import { createKernel, type Engine, type EngineOptions, type EmulatorDefinition } from './kernel/create-engine.js'
import { assembleScenarioSchema, createTenantState, parseScenarioWith, type Scenario } from './scenario/index.js'
import type { CreateTenantOptions } from './scenario/create-tenant.js'
import { type AnyStateSection, ensureSections } from './kernel/state-section.js'
import type { TenantState } from './kernel/tenant-state.js'
import { createScenarioTenantFactory } from './scenario/tenant-factory.js'

/** Member-database conditions may name mail's data (kind 17 error counts, click_count_flag). */
const memberDbModule = createMemberDbModule((tenant) => mailConditionExtras(tenant.mailDelivery))

/**
 * The composition root: every domain module of the emulator, in the order their tick hooks
 * run when due at the same second. Adding a domain is one line here.
 */
export const modules = [
  memberDbModule,
  mailModule,
  formsModule,
  postedImagesModule,
  batchModule,
  storedFilesModule,
  zipModule,
  environmentModule,
] as const

/**
 * Every operation of the contract, keyed by its generated name: the merge of the modules'
 * handlers. A new operation in the contract is a compile error here until a module handles
 * it, so a contract change can never reach users as a run-time 404.
 */
export const handlerTable = {
  ...memberDbModule.handlers,
  ...mailModule.handlers,
  ...formsModule.handlers,
  ...postedImagesModule.handlers,
  ...batchModule.handlers,
  ...storedFilesModule.handlers,
  ...zipModule.handlers,
  ...environmentModule.handlers,
} satisfies OperationHandlers<EngineContext>

/** The JSON Schema of a scenario file: the scenario layer's keys plus every module's part. */
export const scenarioSchema = assembleScenarioSchema(
  modules.map((m) => ('scenarioSchema' in m ? m.scenarioSchema : undefined)),
)

/** Validate a scenario (object, JSON or YAML text) against `scenarioSchema` and the reference rules. */
export function parseScenario(input: unknown): Scenario {
  return parseScenarioWith(scenarioSchema, input)
}

/** Every module's sections of the tenant state, in module order (the order they are built in). */
export const sections: readonly AnyStateSection[] = modules.flatMap((m: EmulatorModule<never>) => m.sections ?? [])

/**
 * A tenant's whole state from a (parsed) scenario, built as an engine builds it, without an
 * engine: for unit tests and benchmarks of the domains.
 */
export function buildTenantState(id: string, scenario: Scenario, opts: CreateTenantOptions): TenantState {
  return ensureSections(createTenantState(id, scenario, opts), sections, opts.now, opts)
}

const definition: EmulatorDefinition = {
  modules,
  handlers: handlerTable,
  admin: createAdminRouter(modules.flatMap((m) => ('adminRoutes' in m && m.adminRoutes ? [m.adminRoutes] : []))),
  tenants: createScenarioTenantFactory(scenarioSchema, sections),
}

/** The kernel's options plus what the domains take. */
export interface EmulatorOptions extends EngineOptions {
  /**
   * The text of the zip dictionary (format `krs-zip/1`, scripts/build-zip-dictionary.ts),
   * read on the first zip lookup. Default: the bundled `data/zip-dictionary.txt`.
   */
  zipText?: ZipTextLoader
}

/** The emulator: one store per engine, never a module singleton. */
export function createEngine(options: EmulatorOptions = {}): Engine {
  if (options.zipText === undefined) return createKernel(definition, options)
  const zip = createZipModule(options.zipText)
  return createKernel(
    {
      ...definition,
      modules: modules.map((m) => (m === zipModule ? zip : m)),
      handlers: { ...handlerTable, ...zip.handlers },
    },
    options,
  )
}
