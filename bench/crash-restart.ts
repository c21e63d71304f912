/**
 * Crash test, full form: CRASH_ROUNDS (default 5) times, krs-mock with --data-dir
 * takes steady writes for a random 3–9 s and is killed with SIGKILL; after each restart the
 * state must be the last complete snapshot on disk (never a torn file), and each writer's
 * restored members a prefix of its acknowledged ones. Then one clean shutdown (SIGTERM)
 * must lose nothing. Every accepted write is logged and fsynced before its answer (the
 * write log of --data-dir): goal 0 acknowledged writes lost at SIGKILL and no member id issued twice.
 */
import { cleanShutdownOnce, crashOnce } from '@krs-kit/cross-tests/support/crash-run'
import { reportFigure } from './report.js'

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 5)
let ok = 0
let lostAtKill = 0
for (let i = 0; i < ROUNDS; i++) {
  const seconds = 3 + Math.random() * 6
  const o = await crashOnce(seconds, `bench${i}`)
  const good = o.fileParsed && o.lost === 0 && o.reissuedIds === 0 && o.restored >= o.acknowledged
  if (good) ok++
  lostAtKill += o.lost
  console.log(
    `  round ${i + 1}: writes ${seconds.toFixed(1)} s, acknowledged ${o.acknowledged}, restored ${o.restored}, lost ${o.lost}, ids issued twice ${o.reissuedIds}, ${good ? 'consistent' : 'INCONSISTENT'}${o.leftoverTempFiles.length ? `, leftover temp files ${o.leftoverTempFiles.join(' ')}` : ''}`,
  )
}
const clean = await cleanShutdownOnce(3, 'bench-clean')
console.log(
  `  clean shutdown: acknowledged ${clean.acknowledged}, restored ${clean.restored}, missing in sample ${clean.missing}`,
)
reportFigure({
  name: 'crash.consistent-restarts',
  value: ok,
  unit: `of ${ROUNDS}`,
  goal: `= ${ROUNDS}`,
  baseline: null,
  met: ok === ROUNDS,
})
reportFigure({
  name: 'crash.lost-at-sigkill',
  value: lostAtKill,
  unit: 'writes',
  goal: '= 0',
  baseline: null,
  met: lostAtKill === 0,
})
reportFigure({
  name: 'crash.lost-at-sigterm',
  value: clean.acknowledged - clean.restored + clean.missing,
  unit: 'writes',
  goal: '= 0',
  baseline: null,
  met: clean.acknowledged === clean.restored && clean.missing === 0,
})
