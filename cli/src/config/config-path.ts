import { join } from 'node:path'

/** `$XDG_CONFIG_HOME/krs/config.json`, else `~/.config/krs/config.json`. */
export function configPath(env: Readonly<Record<string, string | undefined>>): string {
  const base = env.XDG_CONFIG_HOME || join(env.HOME || env.USERPROFILE || '.', '.config')
  return join(base, 'krs', 'config.json')
}
