// Write throughput of krs-mock with and without --data-dir: every accepted write
// is logged and fsynced before its answer (group commit), so --data-dir costs one fdatasync
// per group of concurrent writes. CONNECTIONS concurrent writers of add_member for DURATION
// seconds against the built bin, first without --data-dir (the baseline), then with it.
// Env: DURATION (s, default 3), CONNECTIONS (default 16).
// Run: npm run bench:durability -w @krs-kit/bench (builds the mock first).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { mockBin, requireBuiltMock, spawnUntil } from './mock-support.js'
import { reportFigure } from './report.js'

const DURATION = Number(process.env.DURATION ?? 3)
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 16)

async function writesPerSecond(extra: string[], tag: string): Promise<{ rps: number; failed: number }> {
  const { proc, match } = await spawnUntil(
    process.execPath,
    [mockBin, '--port', '0', '--quiet', '--members', '100', ...extra],
    /listening on (http:\/\/\S+)/,
  )
  const url = match[1]!
  let ok = 0
  let failed = 0
  const until = performance.now() + DURATION * 1000
  try {
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, w) => {
        for (let i = 0; performance.now() < until; i++) {
          const r = await fetch(`${url}/api/v1/add_member`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: 'Bearer krs-all' },
            body: JSON.stringify({
              member_table_id: 1,
              member_info: { e_4: `bench-${tag}-${w}-${i}@example.com`, e_5: 'abcd1234', e_6: '計測 太郎' },
            }),
          })
          await r.arrayBuffer()
          if (r.status === 200) ok++
          else failed++
        }
      }),
    )
  } finally {
    await proc.stop()
  }
  return { rps: ok / DURATION, failed }
}

requireBuiltMock()
const memory = await writesPerSecond([], 'mem')
const dir = mkdtempSync(join(tmpdir(), 'krs-bench-durable-'))
let durable: { rps: number; failed: number }
try {
  durable = await writesPerSecond(['--data-dir', dir], 'disk')
} finally {
  rmSync(dir, { recursive: true, force: true })
}
console.log(
  `  add_member, ${CONNECTIONS} concurrent writers, ${DURATION} s each: in memory ${memory.rps.toFixed(0)}/s, --data-dir ${durable.rps.toFixed(0)}/s (failed ${memory.failed + durable.failed})`,
)
reportFigure({ name: 'mock.writes', value: Math.round(memory.rps), unit: 'writes/s', goal: null, baseline: null })
reportFigure({
  name: 'mock.writes-data-dir',
  value: Math.round(durable.rps),
  unit: 'writes/s',
  goal: null,
  baseline: Math.round(memory.rps),
})
