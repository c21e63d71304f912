import { mkdirSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Plugin } from 'esbuild'
import { rollup } from 'rollup'
import { defineConfig, type Options } from 'tsup'
import { commandIndexFrom } from './src/command-index-from.js'
import { errorCatalogue } from '@krs-kit/contract/errors'
import { operations, tags } from '@krs-kit/contract/operations'
import { catalogue } from './src/i18n/catalogue.js'
import { loadedOperation } from './src/operation-loader.js'

/**
 * `src/command-index.ts` computes the help table from the 270 KB registry; in the build it
 * becomes that table as a literal, so `krs --help` loads neither the registry nor the SDK.
 */
const commandIndexLiteral: Plugin = {
  name: 'krs-command-index',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]command-index\.ts$/ }, () => ({
      contents: `// Built from src/generated/operations.ts by tsup.config.ts.\nexport const commandIndex = ${JSON.stringify(commandIndexFrom(operations, tags))}\n`,
      loader: 'ts',
    }))
  },
}

/**
 * `src/operation-loader.ts` loads the whole registry and error catalogue; in the build each
 * operation becomes a chunk of its own (its schemas and the names of its error codes), so an
 * API command loads a few KB instead of both.
 */
const operationChunks: Plugin = {
  name: 'krs-operation-chunks',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]operation-loader\.ts$/ }, () => {
      const loaders = Object.keys(operations).map(
        (name) => `  ${JSON.stringify(name)}: () => import(${JSON.stringify(`krs-operation:${name}`)}),`,
      )
      return {
        contents: [
          '// Built from src/generated/operations.ts and errors.ts by tsup.config.ts.',
          'const loaders = {',
          ...loaders,
          '}',
          'export async function loadOperation(name) {',
          '  return (await loaders[name]()).default',
          '}',
          '',
        ].join('\n'),
        loader: 'js',
      }
    })
    build.onResolve({ filter: /^krs-operation:/ }, (args) => ({
      path: args.path.slice('krs-operation:'.length),
      namespace: 'krs-operation',
    }))
    build.onLoad({ filter: /.*/, namespace: 'krs-operation' }, (args) => {
      const info = operations[args.path as keyof typeof operations]
      if (!info) throw new Error(`krs-operation: no operation ${args.path}`)
      return { contents: `export default ${JSON.stringify(loadedOperation(info, errorCatalogue))}\n`, loader: 'js' }
    })
  },
}

/**
 * `src/i18n/catalogue.ts` builds one language's table from the two-language messages.ts; in the
 * build it reads that table from `messages.<lang>.json`, written beside the build: a run reads
 * one language (half the text), as JSON rather than code to compile.
 */
const messageCatalogues: Plugin = {
  name: 'krs-message-catalogues',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]i18n[\\/]catalogue\.ts$/ }, () => ({
      contents: [
        "// Built by tsup.config.ts: each language's messages are dist/messages.<lang>.json.",
        "import { readFileSync } from 'node:fs'",
        "import { join } from 'node:path'",
        'const tables = {}',
        'export function catalogue(lang) {',
        "  tables[lang] ??= JSON.parse(readFileSync(join(__dirname, `messages.${lang}.json`), 'utf8'))",
        '  return tables[lang]',
        '}',
        '',
      ].join('\n'),
      loader: 'js',
    }))
    build.onEnd(() => {
      const outdir = build.initialOptions.outdir
      if (!outdir) throw new Error('krs-message-catalogues: no outdir')
      mkdirSync(outdir, { recursive: true })
      for (const lang of ['ja', 'en'] as const)
        writeFileSync(join(outdir, `messages.${lang}.json`), `${JSON.stringify(catalogue(lang))}\n`)
    })
  },
}

/**
 * commander requires node:child_process (with net and dgram behind it) when it loads, for
 * executable subcommands, which krs does not have. Compiled in, that require becomes a
 * stand-in that loads the module on first use. The build fails when the line is no longer in
 * commander's source, so the stand-in cannot outlive its reason.
 */
const eagerRequire = "const childProcess = require('node:child_process');"
const lazyChildProcess: Plugin = {
  name: 'krs-lazy-child-process',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]commander[\\/]lib[\\/]command\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8')
      if (!source.includes(eagerRequire))
        throw new Error(`tsup.config.ts: ${args.path} no longer has "${eagerRequire}"; remove lazyChildProcess`)
      const lazy = [
        'let loadedChildProcess;',
        "const realChildProcess = () => (loadedChildProcess ??= require('node:child_process'));",
        'const childProcess = new Proxy({}, { get: (_, key) => realChildProcess()[key] });',
      ].join(' ')
      return { contents: source.replace(eagerRequire, lazy), loader: 'js' }
    })
  },
}

type TsupPlugin = NonNullable<Options['plugins']>[number]

/**
 * esbuild splits only ES modules; this turns each of its chunks into CommonJS, with rollup.
 * Every import becomes a `require`: the other chunks, the dependencies, and the lazily loaded
 * ones too (an operation's chunk, YAML, the emulator), so no command sets up Node's ES module
 * loader, not even through `import()` of a chunk. The emulator and the MCP server are ES
 * modules: `require` loads them as such (Node >= 20.19, the engines field).
 */
const commonJsChunks: TsupPlugin = {
  name: 'krs-commonjs-chunks',
  async renderChunk(code, chunk) {
    if (!chunk.path.endsWith('.cjs')) return undefined
    const bundle = await rollup({
      input: chunk.path,
      // Only the chunk itself is read here; whatever it imports stays an import, now a require.
      plugins: [
        {
          name: 'krs-this-chunk',
          resolveId: (id) => (id === chunk.path ? id : false),
          load: (id) => (id === chunk.path ? code : null),
        },
      ],
      treeshake: false,
      onwarn: (warning, warn) => {
        if (warning.code !== 'EMPTY_BUNDLE') warn(warning)
      },
    })
    const { output } = await bundle.generate({
      format: 'cjs',
      interop: 'auto',
      dynamicImportInCjs: false,
      generatedCode: 'es2015',
    })
    await bundle.close()
    return { code: output[0].code }
  },
}

// CommonJS, code-split (commonJsChunks): Node 20 starts a CommonJS program about 6 ms sooner
// than an ES module, whose loader it sets up on first use (bench/cli-startup.ts), and every
// `krs` command starts a process. The files end in .cjs (the package is "type": "module").
// The entry holds what an API command needs (src/run.ts reads its command line itself); the
// commander program, each operation's schemas, the hand-written commands, Ajv, JMESPath and YAML
// are chunks loaded by the commands that need them.
// Compiled in: the SDK (the CLI's calls go through it; resolving a second package at every start
// costs more than its 40 KB, and `npm install @krs-kit/cli` fetches one package fewer), the
// emulator's flag table (`@krs-kit/mock-server/options`, plain data, so `krs mock --help` lists
// krs-mock's flags where the emulator is not installed) and commander.
// External: @krs-kit/mock-server, an optional peer that `krs mock` loads lazily (it reads its
// own data files next to its dist), and @krs-kit/mcp for `krs mcp` (it brings the MCP SDK);
// in this repository they resolve to the workspaces' dist/, which the root `prepare` builds.
// Both are ES modules, which `require` loads as such (Node >= 20.19, the engines field).
export default defineConfig((cli) => ({
  entry: { bin: 'src/bin.ts' },
  outDir: cli.outDir ?? 'dist',
  format: ['esm'],
  outExtension: () => ({ js: '.cjs' }),
  target: 'node20',
  platform: 'node',
  splitting: true,
  sourcemap: false,
  // Whitespace only, as the emulator's build: 13% fewer bytes to install and to read at each start;
  // names stay readable in stack traces.
  minifyWhitespace: true,
  clean: true,
  dts: false,
  external: ['@krs-kit/mock-server', '@krs-kit/mcp'],
  noExternal: ['@krs-kit/sdk', '@krs-kit/mock-server/options', 'commander'],
  esbuildPlugins: [commandIndexLiteral, operationChunks, messageCatalogues, lazyChildProcess],
  plugins: [commonJsChunks],
  // Japanese text as it is (UTF-8), not as \uXXXX escapes: six characters each for Node to read
  // and compile at every start (the messages, the command table, each operation's texts).
  esbuildOptions(options) {
    options.charset = 'utf8'
  },
}))
