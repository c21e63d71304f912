// Start time of krs-mock with the default scenario (1,000 generated members): from spawn to
// the first successful API answer. Baselines in the same run: `node -e` of an empty
// node:http server, and Prism's mock of the same contract. Goal: krs-mock < 1 s. Printed.
// Also: the start with 1,000,000 generated members (--members 1000000), two runs.
// Run: npm run bench:mock-start -w @krs-kit/bench (builds the mock first).
import { freePort, median, mockBin, requireBuiltMock, root, spawnUntil } from './mock-support.js'
import { reportFigure } from './report.js'

const RUNS = Number(process.env.RUNS ?? 5)

async function firstAnswer(url: string, token: boolean): Promise<void> {
  for (;;) {
    try {
      const res = await fetch(`${url}/api/v1/get_environment_name`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: 'Bearer krs-all' } : {}) },
        body: '{}',
      })
      if (res.status === 200) return
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 5))
  }
}

async function time(start: () => Promise<{ stop: () => Promise<void>; url: string }>): Promise<number> {
  const t0 = performance.now()
  const s = await start()
  await firstAnswer(s.url, true)
  const ms = performance.now() - t0
  await s.stop()
  return ms
}

const bare = `require('node:http').createServer((q, s) => { q.resume(); q.on('end', () => { s.writeHead(200, {'content-type': 'application/json'}); s.end('"x"') }) }).listen(0, '127.0.0.1', function () { console.log('port ' + this.address().port) })`

async function main(): Promise<void> {
  requireBuiltMock()
  const rows: [string, number[]][] = [
    ['bare node:http server', []],
    ['krs-mock (default scenario)', []],
    ['Prism mock', []],
    ['krs-mock, 1,000,000 members', []],
  ]
  for (let i = 0; i < RUNS; i++) {
    rows[0]![1].push(
      await time(async () => {
        const { proc, match } = await spawnUntil(process.execPath, ['-e', bare], /port (\d+)/)
        return { stop: proc.stop, url: `http://127.0.0.1:${match[1]}` }
      }),
    )
    rows[1]![1].push(
      await time(async () => {
        const { proc, match } = await spawnUntil(
          process.execPath,
          [mockBin, '--port', '0', '--quiet'],
          /listening on (http:\/\/\S+)/,
        )
        return { stop: proc.stop, url: match[1]! }
      }),
    )
    if (i < 2) {
      rows[3]![1].push(
        await time(async () => {
          const { proc, match } = await spawnUntil(
            process.execPath,
            [mockBin, '--port', '0', '--quiet', '--members', '1000000'],
            /listening on (http:\/\/\S+)/,
            {},
            300_000,
          )
          return { stop: proc.stop, url: match[1]! }
        }),
      )
      const port = await freePort()
      rows[2]![1].push(
        await time(async () => {
          const { proc } = await spawnUntil(
            `${root}node_modules/.bin/prism`,
            ['mock', 'spec/dist/openapi.json', '-h', '127.0.0.1', '-p', String(port)],
            /Prism is listening/,
            {},
            60_000,
          )
          return { stop: proc.stop, url: `http://127.0.0.1:${port}` }
        }),
      )
    }
  }
  console.log(`Start to first answer (median of ${RUNS}; Prism and 1,000,000 members: of 2)`)
  for (const [name, xs] of rows)
    console.log(
      `  ${name.padEnd(30)} ${Math.round(median(xs)).toString().padStart(5)} ms   (runs: ${xs.map((x) => Math.round(x)).join(', ')})`,
    )
  const mock = median(rows[1]![1])
  console.log(
    `krs-mock start: ${Math.round(mock)} ms (goal < 1000 ms); ${(mock / median(rows[0]![1])).toFixed(1)}x a bare node:http server`,
  )
  const million = median(rows[3]![1])
  console.log(`krs-mock start with 1,000,000 members: ${(million / 1000).toFixed(1)} s`)
  reportFigure({
    name: 'mock-start.default',
    value: Math.round(mock),
    unit: 'ms',
    goal: '< 1000 ms',
    baseline: Math.round(median(rows[0]![1])),
    met: mock < 1000,
  })
  reportFigure({
    name: 'mock-start.prism',
    value: Math.round(median(rows[2]![1])),
    unit: 'ms',
    goal: null,
    baseline: Math.round(mock),
  })
  reportFigure({
    name: 'mock-start.1m-members',
    value: Math.round(million),
    unit: 'ms',
    goal: null,
    baseline: Math.round(mock),
  })
}

await main()
