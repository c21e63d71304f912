import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cliBin } from './paths.js'

export interface KrsRun {
  code: number | null
  stdout: string
  stderr: string
}

const home = mkdtempSync(join(tmpdir(), 'krs-cli-home-'))

/** Runs the built `krs` (cli/dist/bin.cjs) with a base URL and token, no terminal, an empty config. */
export function krs(
  argv: string[],
  env: { baseUrl: string; token?: string },
  input = '',
  timeoutMs = 60_000,
): Promise<KrsRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliBin, ...argv], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: home,
        XDG_CONFIG_HOME: join(home, '.config'),
        KRS_BASE_URL: env.baseUrl,
        ...(env.token ? { KRS_API_TOKEN: env.token } : {}),
      },
    })
    let stdout = ''
    let stderr = ''
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')))
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')))
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
    child.stdin.end(input)
  })
}
