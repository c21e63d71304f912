import { relative, resolve } from 'node:path'
import { bundleContract } from './bundle.js'
import { buildContractModel, type ContractModel } from './contract-model.js'
import { emitters, type GeneratedFileName } from './emit/emitters.js'
import { BUNDLE_PATH } from './repo-paths.js'
import { TARGETS, type Target } from './targets.js'

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
  return targets.flatMap((t) => t.files.map((f) => ({ path: `${t.dir}/${f}`, content: rendered.get(f) as string })))
}

/**
 * Bundles `specPath` and renders spec/dist/openapi.json plus every target's files.
 * `specPath` is relative to `repoRoot` (or absolute); the banner names it.
 */
export async function generate(
  repoRoot: string,
  specPath: string,
  targets: readonly Target[] = TARGETS,
): Promise<Generation> {
  const bundle = await bundleContract(specPath, repoRoot)
  const specLabel = relative(repoRoot, resolve(repoRoot, specPath)).split('\\').join('/')
  const model = buildContractModel(bundle.doc, bundle.json, specLabel)
  const files = [{ path: BUNDLE_PATH, content: bundle.json }, ...(await renderTargets(model, targets))]
  const ownedDirs = ['spec/dist', ...targets.map((t) => t.dir)]
  return { model, files, ownedDirs }
}
