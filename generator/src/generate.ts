import { relative, resolve } from 'node:path'
import { buildAdminContractModel } from './admin-contract.js'
import { bundleContract } from './bundle.js'
import { buildContractModel, type ContractModel } from './contract-model.js'
import { emitAdminClient, emitAdminRequests, emitAdminSchemaTypes } from './emit/admin.js'
import { emitters, type GeneratedFileName } from './emit/emitters.js'
import { emitValidatorModules, type ValidatorFolder } from './emit/request-validators.js'
import { BUNDLE_PATH } from './repo-paths.js'
import { ADMIN_TARGET, TARGETS, type Target } from './targets.js'

/** One output file, its path relative to the output root (POSIX separators). */
export interface OutputFile {
  path: string
  content: string
}

export interface Generation {
  model: ContractModel
  files: OutputFile[]
  /** Folders the generator owns entirely: a file in them that it did not produce is extra. */
  ownedDirs: string[]
}

/** Renders every file of every target from a contract model (no I/O besides openapi-typescript). */
export async function renderTargets(model: ContractModel, targets: readonly Target[] = TARGETS): Promise<OutputFile[]> {
  const needed = new Set<GeneratedFileName>(targets.flatMap((t) => t.files))
  const rendered = new Map<GeneratedFileName, string>()
  // Fixed order (the emitters table), so runs are reproducible.
  for (const [name, emit] of Object.entries(emitters) as [
    GeneratedFileName,
    (m: ContractModel) => string | Promise<string>,
  ][]) {
    if (needed.has(name)) rendered.set(name, await emit(model))
  }
  const folders = new Map<ValidatorFolder, { name: string; content: string }[]>()
  for (const t of targets)
    for (const f of t.folders ?? []) if (!folders.has(f)) folders.set(f, emitValidatorModules(model, f))
  return targets.flatMap((t) => [
    ...t.files.map((f) => ({ path: `${t.dir}/${f}`, content: rendered.get(f) as string })),
    ...(t.folders ?? []).flatMap((f) =>
      folders.get(f)!.map((m) => ({ path: `${t.dir}/${m.name}`, content: m.content })),
    ),
  ])
}

const labelOf = (repoRoot: string, specPath: string): string =>
  relative(repoRoot, resolve(repoRoot, specPath)).split('\\').join('/')

/**
 * The emulator's admin request bodies (`ADMIN_TARGET`) from the admin contract at
 * `adminSpecPath`: their schemas, which the emulator's admin routes validate with, and types.
 */
export async function renderAdmin(repoRoot: string, adminSpecPath: string): Promise<OutputFile[]> {
  const bundle = await bundleContract(adminSpecPath, repoRoot)
  const model = buildAdminContractModel(bundle.doc, labelOf(repoRoot, adminSpecPath))
  const rendered: Record<(typeof ADMIN_TARGET.files)[number], string> = {
    'admin-schema.ts': await emitAdminSchemaTypes(model),
    'admin-requests.ts': emitAdminRequests(model),
    'admin-client.ts': emitAdminClient(model),
  }
  return ADMIN_TARGET.files.map((f) => ({ path: `${ADMIN_TARGET.dir}/${f}`, content: rendered[f] }))
}

/**
 * Bundles `specPath` and renders spec/dist/openapi.json plus every target's files, and with
 * `adminSpecPath` the admin contract's files too. Paths are relative to `repoRoot` (or
 * absolute); the banner names the contract a file comes from.
 */
export async function generate(
  repoRoot: string,
  specPath: string,
  targets: readonly Target[] = TARGETS,
  adminSpecPath?: string,
): Promise<Generation> {
  const bundle = await bundleContract(specPath, repoRoot)
  const model = buildContractModel(bundle.doc, bundle.json, labelOf(repoRoot, specPath))
  const files = [{ path: BUNDLE_PATH, content: bundle.json }, ...(await renderTargets(model, targets))]
  if (adminSpecPath !== undefined) files.push(...(await renderAdmin(repoRoot, adminSpecPath)))
  const ownedDirs = ['spec/dist', ...targets.map((t) => t.dir)]
  return { model, files, ownedDirs }
}
