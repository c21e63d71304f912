import { readFile } from 'node:fs/promises'
import type { Plugin } from 'esbuild'
import { defineConfig } from 'tsup'
import { commandIndexFrom } from './src/command-index-from.js'
import { errorCatalogue } from './src/generated/errors.js'
import { operations, tags } from './src/generated/operations.js'
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

// ESM, code-split: the entry holds commander and the command table; each operation's schemas,
// JMESPath and YAML are chunks loaded by the command that needs them. The krs-kit packages
// stay external: @krs-kit/sdk is a dependency (installed beside the CLI, not bundled a second
// time), and @krs-kit/mock-server an optional peer that `krs mock` imports lazily (it reads its
// own data files next to its dist), as is @krs-kit/mcp for `krs mcp` (it brings the MCP SDK).
// In this repository they resolve to the workspaces' dist/, which the root `prepare` builds
// (`npm install`). Compiled in: the emulator's flag table (`@krs-kit/mock-server/options`,
// plain data), so `krs mock --help` lists krs-mock's flags where the emulator is not
// installed; and commander, which every command loads: as a CommonJS package imported from
// ESM it cost Node's CommonJS loader and export scan of its six files at each start.
export default defineConfig((cli) => ({
  entry: { bin: 'src/bin.ts' },
  outDir: cli.outDir ?? 'dist',
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  splitting: true,
  sourcemap: false,
  clean: true,
  dts: false,
  external: ['@krs-kit/sdk', '@krs-kit/mock-server', '@krs-kit/mcp'],
  noExternal: ['@krs-kit/mock-server/options', 'commander'],
  // commander is CommonJS: compiled in, its `require('node:…')` calls need a `require`.
  banner: {
    js: "import { createRequire as __krsCreateRequire } from 'node:module';\nconst require = __krsCreateRequire(import.meta.url);",
  },
  esbuildPlugins: [commandIndexLiteral, operationChunks, lazyChildProcess],
}))
