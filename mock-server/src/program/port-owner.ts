import { readdirSync, readFileSync, readlinkSync } from 'node:fs'

/**
 * Which process listens on a TCP port, as `pid (command line)`, read from Linux's /proc
 * (`/proc/net/tcp*` for the socket, `/proc/<pid>/fd` for its owner). Undefined elsewhere, or
 * when the owner is not visible (another user's process): a message then names the port only.
 */
export function portOwner(port: number): string | undefined {
  const inodes = new Set<string>()
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string
    try {
      text = readFileSync(table, 'utf8')
    } catch {
      continue
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/)
      // local_address is HEX_IP:HEX_PORT; state 0A is LISTEN; the inode is the tenth field.
      const local = f[1]
      if (!local || f[3] !== '0A') continue
      if (Number.parseInt(local.slice(local.lastIndexOf(':') + 1), 16) === port && f[9]) inodes.add(f[9])
    }
  }
  if (inodes.size === 0) return undefined
  let pids: string[]
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d))
  } catch {
    return undefined
  }
  for (const pid of pids) {
    let fds: string[]
    try {
      fds = readdirSync(`/proc/${pid}/fd`)
    } catch {
      continue
    }
    for (const fd of fds) {
      let target: string
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`)
      } catch {
        continue
      }
      const m = /^socket:\[(\d+)\]$/.exec(target)
      if (m && inodes.has(m[1] as string)) {
        let command = ''
        try {
          command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ')
        } catch {}
        return command ? `pid ${pid} (${command.length > 120 ? `${command.slice(0, 117)}...` : command})` : `pid ${pid}`
      }
    }
  }
  return undefined
}
