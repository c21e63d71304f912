import { type Command, Help, type Option } from 'commander'
import { operationFlags } from '../commands/operation-flags.js'
import { readConfig } from '../config/config-file.js'
import { configPath } from '../config/config-path.js'
import { commandIndex } from '../command-index.js'
import { loadOperation } from '../operation-loader.js'
import type { CliIo } from '../io.js'
import { outputFormats } from '../output/format-output.js'

/** One candidate for the word under the cursor, with the text a shell may show beside it. */
export interface Candidate {
  value: string
  description: string
}

/**
 * What the shell should offer: these words, or its own completion of file or folder names
 * (which only the shell can do well: quoting, `~`, hidden files).
 */
export type Completion = { kind: 'words'; words: Candidate[] } | { kind: 'files' } | { kind: 'dirs' }

/** Flags whose value is one of a fixed list, wherever they appear. */
const fixedValues: Record<string, readonly string[]> = {
  '--output': outputFormats,
  '-o': outputFormats,
  '--lang': ['ja', 'en'],
  '--error-format': ['text', 'json'],
  '--clock': ['real', 'manual'],
}
const fileFlags = new Set(['--file', '--out', '--scenario', '--body', '--against-emulator'])
const dirFlags = new Set(['--data-dir', '--static'])
const profileFlags = new Set(['--profile', '--save'])
const operationNameFlags = new Set(['--operation'])
const profileKeys = ['token', 'env-id', 'base-url']

/** Values of a command's positional argument, by the command's path. */
const positionalValues: Record<string, readonly string[] | 'profiles' | 'files' | 'commands'> = {
  'config use': 'profiles',
  'config set': profileKeys,
  'config get': profileKeys,
  'config unset': profileKeys,
  'mock events': ['click', 'open', 'bounce', 'unsubscribe'],
  'mock clock mode': ['real', 'manual'],
  'mock snapshot save': 'files',
  'mock snapshot load': 'files',
  completion: ['bash', 'zsh', 'fish', 'powershell'],
  help: 'commands',
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 80)
}

function takesValue(o: Option): boolean {
  return o.required || o.optional
}

/** `--phase <0-3>`: a small integer range written in the flag is its list of values. */
function rangeValues(o: Option): string[] | undefined {
  const m = /<(\d+)-(\d+)>/.exec(o.flags)
  if (!m) return undefined
  const from = Number(m[1])
  const to = Number(m[2])
  if (to < from || to - from > 20) return undefined
  return Array.from({ length: to - from + 1 }, (_, i) => String(from + i))
}

function findOption(chain: readonly Command[], flag: string): Option | undefined {
  for (const c of chain) {
    const o = c.options.find((x) => x.long === flag || x.short === flag)
    if (o) return o
  }
  return undefined
}

function findSubcommand(cmd: Command, word: string): Command | undefined {
  return cmd.commands.find((c) => c.name() === word || c.aliases().includes(word))
}

/** The enum values of an API operation's flags (`--type` of add_mail_message: 1, 2, 3). */
async function operationEnumValues(cmd: Command): Promise<Map<string, string[]>> {
  const values = new Map<string, string[]>()
  if (!commandIndex.commands.some((c) => c.name === cmd.name())) return values
  const { info } = await loadOperation(cmd.name())
  for (const f of operationFlags(info)) {
    if (f.enumValues !== undefined) values.set(`--${f.flag}`, f.enumValues.map(String))
    else if (f.kind === 'boolean') values.set(`--${f.flag}`, ['true', 'false'])
  }
  return values
}

async function profileNames(io: CliIo): Promise<string[]> {
  try {
    return Object.keys((await readConfig(configPath(io.env))).profiles)
  } catch {
    return []
  }
}

const words = (values: readonly string[], description = ''): Completion => ({
  kind: 'words',
  words: values.map((value) => ({ value, description })),
})

/** The command's own flags and the global ones (a parent's flags parse there too, but mean nothing). */
function flagsOf(chain: readonly Command[]): Candidate[] {
  const seen = new Set<string>()
  const out: Candidate[] = []
  for (const c of chain)
    for (const o of c.options) {
      if (o.hidden || o.long === undefined || seen.has(o.long)) continue
      seen.add(o.long)
      out.push({ value: o.long, description: oneLine(o.description) })
    }
  out.push({ value: '--help', description: '' })
  return out
}

/** The commands the help lists (commander's own choice: hidden ones left out), without `help` itself. */
function subcommandsOf(cmd: Command, withAliases: boolean): Candidate[] {
  return new Help()
    .visibleCommands(cmd)
    .filter((c) => c.name() !== 'help')
    .flatMap((c) =>
      (withAliases ? [c.name(), ...c.aliases()] : [c.name()]).map((value) => ({
        value,
        description: oneLine(c.summary() || c.description()),
      })),
    )
}

/**
 * The candidates for the word under the cursor, from the command tree itself: `before` are the
 * words after `krs` up to the cursor, `current` the (partial) word under it. The tree is walked
 * as the parser would (global and command flags, their values, subcommands at every depth).
 */
export async function completeWords(
  program: Command,
  before: readonly string[],
  current: string,
  io: CliIo,
): Promise<Completion> {
  let cmd = program
  const chain: Command[] = [program]
  const path: string[] = []
  let positionals = 0
  let afterDashes = false
  for (let i = 0; i < before.length; i++) {
    const w = before[i] as string
    if (!afterDashes && w === '--') {
      afterDashes = true
      continue
    }
    if (!afterDashes && w.startsWith('-') && w !== '-') {
      const o = findOption(chain, w)
      if (o && takesValue(o) && !w.includes('=')) i++
      continue
    }
    const sub = positionals === 0 ? findSubcommand(cmd, w) : undefined
    if (sub) {
      cmd = sub
      chain.unshift(sub)
      path.push(sub.name())
    } else if (path.length === 0 && w === 'help') path.push('help')
    else positionals++
  }

  const prev = before.length > 0 ? (before[before.length - 1] as string) : undefined
  const prevOption = prev !== undefined && !afterDashes && prev.startsWith('-') ? findOption(chain, prev) : undefined
  if (prev !== undefined && prevOption && takesValue(prevOption) && !prev.includes('=')) {
    const fixed =
      fixedValues[prev] ?? (await operationEnumValues(cmd)).get(prevOption.long ?? '') ?? rangeValues(prevOption)
    if (fixed) return words(fixed)
    if (prevOption.long && fileFlags.has(prevOption.long)) return { kind: 'files' }
    if (prevOption.long && dirFlags.has(prevOption.long)) return { kind: 'dirs' }
    if (prevOption.long && profileFlags.has(prevOption.long)) return words(await profileNames(io))
    if (prevOption.long && operationNameFlags.has(prevOption.long))
      return words([...commandIndex.commands.map((c) => c.name), '*'])
    return words([])
  }

  if (current.startsWith('-')) return { kind: 'words', words: flagsOf(cmd === program ? [program] : [cmd, program]) }

  const key = path.join(' ')
  const positional = positionalValues[key]
  if (positional !== undefined && positionals === 0) {
    if (positional === 'profiles') return words(await profileNames(io))
    if (positional === 'files') return { kind: 'files' }
    // `krs help get-member-info` works as `krs help get_member_info` does: both spellings complete.
    if (positional === 'commands') return { kind: 'words', words: subcommandsOf(program, true) }
    return words(positional)
  }
  if (cmd.commands.length > 0 && positionals === 0)
    // At the top, the API names and their kebab-case aliases both complete.
    return { kind: 'words', words: subcommandsOf(cmd, cmd === program) }
  // A command with no subcommands left: its flags, so that TAB shows what it takes.
  return { kind: 'words', words: flagsOf(cmd === program ? [program] : [cmd, program]) }
}

/**
 * The answer of `krs __complete`: a first line `:words`, `:files` or `:dirs`, then one
 * candidate a line, `value<TAB>description`.
 */
export function completionLines(c: Completion): string {
  if (c.kind !== 'words') return `:${c.kind}\n`
  return `:words\n${c.words.map((w) => `${w.value}\t${w.description}\n`).join('')}`
}
