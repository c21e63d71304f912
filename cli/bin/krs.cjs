#!/usr/bin/env node
// Committed so that npm links `krs` at install time (a bin that points into dist/ is skipped
// when dist/ is not built yet); the command itself is the built dist/bin.cjs. CommonJS, as the
// build is: an ES module here would set up Node's ES module loader at every start.
'use strict'
// The Module class, as require('node:module') gives it; that require costs 0.2 ms of start-up.
const Module = module.constructor
const fs = require('node:fs')
const path = require('node:path')

const entry = path.join(__dirname, '..', 'dist', 'bin.cjs')
try {
  if (typeof Module.enableCompileCache === 'function') {
    // Node 22.1 and later keep the compiled code of the modules loaded after this call on disk
    // (NODE_COMPILE_CACHE, else its own folder in the OS temp dir; NODE_DISABLE_COMPILE_CACHE=1
    // turns it off), so the next `krs` skips compiling them.
    Module.enableCompileCache()
    require(entry)
  } else {
    loadWithCodeCache(entry)
  }
} catch (error) {
  const missing =
    (error.code === 'ENOENT' && error.path === entry) ||
    (error.code === 'MODULE_NOT_FOUND' && String(error.message).includes(entry))
  if (!missing) throw error
  process.stderr.write(
    'krs: the CLI is not built (dist/bin.cjs is missing): run `npm run build -w @krs-kit/cli`, or `npm install` at the repository root\n',
  )
  process.exit(1)
}

/**
 * Node 20 has no compile cache of its own, so the launcher keeps one for the CLI's own files
 * (dist/*.cjs, which the build writes as plain CommonJS that requires its siblings by "./name"):
 * each is compiled with V8's code cache from an earlier run. The caches are written when the
 * process exits, after the command ran, so they hold the functions the command compiled too; and
 * they are written again, for every file the run loaded, whenever one of them had none (or V8
 * refused it): a command that reaches files no earlier command did (the first API call after
 * `krs --help`) also runs functions of the shared files that their caches lack. Once every
 * command in use has run, nothing is written. It honours Node's own switches:
 * NODE_COMPILE_CACHE (the folder), NODE_DISABLE_COMPILE_CACHE=1 (off), and
 * NODE_DEBUG_NATIVE=COMPILE_CACHE (one line on stderr per file). Every other module (packages,
 * Node's own) loads through Node's loader as usual. A cache that cannot be read or written only
 * costs the time it would have saved: the command runs the same.
 */
function loadWithCodeCache(file) {
  const vm = require('node:vm')
  const debug = /\bCOMPILE_CACHE\b/.test(process.env.NODE_DEBUG_NATIVE ?? '')
  const log = (line) => debug && process.stderr.write(`krs compile cache: ${line}\n`)
  const dist = path.dirname(file)
  const outside = Module.createRequire(file)
  const folder = cacheFolder(dist, log)
  /** The scripts loaded, with their cache file's path. */
  const loaded = []
  /** Whether a file had no cache that V8 took: then every loaded file's cache is written at exit. */
  let incomplete = false

  const load = (filename, parent) => {
    const known = require.cache[filename]
    if (known) return known.exports
    const fd = fs.openSync(filename, 'r')
    let source
    let stat
    try {
      stat = fs.fstatSync(fd)
      source = fs.readFileSync(fd, 'utf8')
    } finally {
      fs.closeSync(fd)
    }
    const mod = new Module(filename, parent)
    mod.filename = filename
    mod.paths = parent.paths
    require.cache[filename] = mod
    // The key names the file's size and time as well as its name: V8 checks a cache against the
    // source's length only, and a rebuilt file of the same length must not run the old code.
    const cacheFile =
      folder && path.join(folder, `${path.basename(filename)}.${stat.size}.${Math.trunc(stat.mtimeMs)}.cache`)
    let cachedData
    if (cacheFile) {
      try {
        cachedData = fs.readFileSync(cacheFile)
      } catch {
        cachedData = undefined
      }
    }
    // The wrapper's first line is counted as line 0, so errors name the file's own lines.
    const wrapper = `(function (exports, require, module, __filename, __dirname) {\n${source.replace(/^#!.*/, '')}\n})`
    const script = new vm.Script(wrapper, { filename, lineOffset: -1, cachedData })
    if (cacheFile) {
      loaded.push([script, cacheFile])
      if (cachedData && !script.cachedDataRejected) log(`${path.basename(filename)} accepted`)
      else {
        log(`${path.basename(filename)} ${cachedData ? 'rejected' : 'missing'}`)
        incomplete = true
      }
    }
    const localRequire = (id) =>
      id.startsWith('./') && id.endsWith('.cjs') ? load(path.join(dist, id), mod) : outside(id)
    localRequire.resolve = outside.resolve
    localRequire.cache = require.cache
    localRequire.main = require.main
    try {
      script.runInThisContext().call(mod.exports, mod.exports, localRequire, mod, filename, dist)
    } catch (error) {
      delete require.cache[filename]
      throw error
    }
    mod.loaded = true
    return mod.exports
  }

  if (folder) {
    process.once('exit', () => {
      if (!incomplete) return
      prune(folder, dist, log)
      pruneRemovedCopies(folder, dist, log)
      for (const [script, cacheFile] of loaded) {
        const temporary = `${cacheFile}.${process.pid}.tmp`
        try {
          fs.writeFileSync(temporary, script.createCachedData())
          fs.renameSync(temporary, cacheFile)
          log(`${path.basename(cacheFile)} written`)
        } catch (error) {
          fs.rmSync(temporary, { force: true })
          log(`${path.basename(cacheFile)} not written: ${error.message}`)
        }
      }
    })
  }
  load(file, module)
}

/**
 * The folder of the cache, made if missing, or undefined when the cache is off or the folder is
 * not safe to load code from: it must be a real folder (no link) that belongs to this user and
 * that no one else can write to, since whatever it holds runs as this user's code.
 */
function cacheFolder(dist, log) {
  if (process.env.NODE_DISABLE_COMPILE_CACHE === '1') return undefined
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined
  const root = process.env.NODE_COMPILE_CACHE || path.join(tmpdir(), `krs-compile-cache-${uid ?? 'user'}`)
  // One folder per Node version, per installed copy of the CLI and per set of Node flags: V8
  // refuses a cache made under other flags, and runs with and without a flag would otherwise
  // overwrite each other's caches at every run.
  const flags = `${process.execArgv.join(' ')}\n${process.env.NODE_OPTIONS ?? ''}`
  const folder = path.join(root, `${process.version}-${process.arch}-${hash(`${dist}\n${flags}`)}`)
  try {
    for (const dir of [folder, root]) {
      // a new folder names its copy at once, so that another copy's pruning sees it in use
      const stat = lstatOrMake(
        dir,
        dir === folder ? () => fs.writeFileSync(path.join(dir, 'origin.txt'), `${dist}\n`) : undefined,
      )
      if (!stat.isDirectory()) throw new Error(`${dir} is not a folder`)
      if (uid !== undefined && stat.uid !== uid) throw new Error(`${dir} belongs to another user`)
      if (uid !== undefined && (stat.mode & 0o022) !== 0) throw new Error(`${dir} can be written by others`)
    }
    return folder
  } catch (error) {
    log(`off: ${error.message}`)
    return undefined
  }
}

/** The folder's lstat, after making it (and its parents, then calling `made`) when it is missing. */
function lstatOrMake(dir, made) {
  try {
    return fs.lstatSync(dir)
  } catch (error) {
    if (error.code !== 'ENOENT') throw error
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
    made?.()
    return fs.lstatSync(dir)
  }
}

/**
 * Removes the caches of files that are gone or changed (a rebuild names its chunks anew), so the
 * folder holds one cache per file of the installed CLI. Runs only when a cache is to be written.
 */
function prune(folder, dist, log) {
  try {
    for (const name of fs.readdirSync(folder)) {
      // Another krs may be writing its cache this moment; origin.txt names the copy (pruneRemovedCopies).
      if (name.endsWith('.tmp') || name === 'origin.txt') continue
      const key = /^(.+)\.(\d+)\.(\d+)\.cache$/.exec(name)
      let current = false
      if (key) {
        try {
          const stat = fs.statSync(path.join(dist, key[1]))
          current = String(stat.size) === key[2] && String(Math.trunc(stat.mtimeMs)) === key[3]
        } catch {
          current = false
        }
      }
      if (!current) {
        fs.rmSync(path.join(folder, name), { force: true })
        log(`${name} removed`)
      }
    }
  } catch (error) {
    log(`not pruned: ${error.message}`)
  }
}

/**
 * os.tmpdir(), without loading node:os on POSIX systems, where it is the first of TMPDIR, TMP and
 * TEMP that is set (without a trailing slash), else /tmp.
 */
function tmpdir() {
  if (process.platform === 'win32') return require('node:os').tmpdir()
  const dir = process.env.TMPDIR || process.env.TMP || process.env.TEMP || '/tmp'
  return dir.length > 1 && dir.endsWith('/') ? dir.slice(0, -1) : dir
}

/**
 * Removes the cache folders of CLI copies that are gone (an uninstalled package, a deleted
 * clone): each folder names its copy's dist/ in its origin.txt, written here for this copy. A folder
 * without one (made before it was written) is removed too: a copy still installed only makes its
 * cache again at its next run. Runs only when a cache is to be written.
 */
function pruneRemovedCopies(folder, dist, log) {
  try {
    const origin = path.join(folder, 'origin.txt')
    if (!fs.existsSync(origin)) fs.writeFileSync(origin, `${dist}\n`)
    const root = path.dirname(folder)
    for (const name of fs.readdirSync(root)) {
      const other = path.join(root, name)
      if (other === folder || !/^v\d+\.\d+\.\d+-[\w]+-[0-9a-f]{8}$/.test(name)) continue
      let copy
      try {
        copy = fs.readFileSync(path.join(other, 'origin.txt'), 'utf8').trim()
      } catch {
        copy = undefined
      }
      if (copy !== undefined && fs.existsSync(path.join(copy, 'bin.cjs'))) continue
      fs.rmSync(other, { recursive: true, force: true })
      log(`${name} removed (its CLI copy is gone)`)
    }
  } catch (error) {
    log(`other copies not pruned: ${error.message}`)
  }
}

/** A short, stable name for a text (FNV-1a, 32 bits, in hex). */
function hash(text) {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0
  return h.toString(16).padStart(8, '0')
}
