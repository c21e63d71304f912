import type React from 'react'
import { emulatorTokens } from './labels'

export type TargetKind = 'emulator' | 'local' | 'real'

export interface TargetSettings {
  kind: TargetKind
  emulatorToken: string
  localUrl: string
  localToken: string
  environmentId: string
  realToken: string
  remember: boolean
}

export const REMEMBER_KEY = 'krs-playground-real-target'

/** What the server of the page told about itself (krs-mock's `GET /__proxy`); null on any other host. */
export interface SiteServer {
  /** The base URL its proxy forwards to (`--proxy-target`), or null. */
  proxyTarget: string | null
}

/**
 * Choice of where requests go. The real token stays in memory unless "remember" is ticked.
 * `problem`: why the chosen target cannot be sent to (shown under it; 送信 then says so too).
 */
export default function TargetPicker({
  value,
  onChange,
  site = null,
  problem = null,
}: {
  value: TargetSettings
  onChange: (next: TargetSettings) => void
  site?: SiteServer | null
  problem?: string | null
}): React.JSX.Element {
  const problemNote =
    problem !== null ? (
      <p className="krs-pg-ng" role="alert" data-testid="target-problem">
        {problem}
      </p>
    ) : null
  const set = (patch: Partial<TargetSettings>): void => onChange({ ...value, ...patch })
  return (
    <fieldset className="krs-pg-box" data-testid="target-picker">
      <legend>送信先</legend>
      <label>
        <input
          type="radio"
          name="krs-target"
          checked={value.kind === 'emulator'}
          onChange={() => set({ kind: 'emulator' })}
          data-testid="target-emulator"
        />{' '}
        ブラウザ内エミュレータ（既定のシナリオ）
      </label>
      {value.kind === 'emulator' ? (
        <div className="krs-pg-indent">
          <label>
            トークン{' '}
            <select
              value={value.emulatorToken}
              onChange={(e) => set({ emulatorToken: e.target.value })}
              data-testid="emulator-token"
            >
              {emulatorTokens.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </label>
        </div>
      ) : null}
      <label>
        <input
          type="radio"
          name="krs-target"
          checked={value.kind === 'local'}
          onChange={() => set({ kind: 'local' })}
          data-testid="target-local"
        />{' '}
        ローカルの <code>krs mock</code> サーバー
      </label>
      {value.kind === 'local' ? (
        <div className="krs-pg-indent">
          <label>
            URL{' '}
            <input
              className="krs-pg-input"
              value={value.localUrl}
              onChange={(e) => set({ localUrl: e.target.value })}
              data-testid="local-url"
            />
          </label>
          <label>
            トークン{' '}
            <input
              className="krs-pg-input"
              value={value.localToken}
              onChange={(e) => set({ localToken: e.target.value })}
            />
          </label>
          {problemNote}
        </div>
      ) : null}
      <label>
        <input
          type="radio"
          name="krs-target"
          checked={value.kind === 'real'}
          onChange={() => set({ kind: 'real' })}
          data-testid="target-real"
        />{' '}
        本番の環境
      </label>
      {value.kind === 'real' ? (
        <div className="krs-pg-indent">
          {site?.proxyTarget ? (
            <p data-testid="real-proxy">
              このページを配信している krs-mock のプロキシ経由で <code>{site.proxyTarget}</code>{' '}
              に送ります（起動オプション <code>--proxy-target</code>）。
            </p>
          ) : (
            <label>
              環境ID{' '}
              <input
                className="krs-pg-input"
                value={value.environmentId}
                onChange={(e) => set({ environmentId: e.target.value })}
                required
                aria-invalid={problem !== null}
                data-testid="environment-id"
              />
            </label>
          )}
          <label>
            API トークン{' '}
            <input
              className="krs-pg-input"
              type="password"
              autoComplete="off"
              value={value.realToken}
              onChange={(e) => set({ realToken: e.target.value })}
            />
          </label>
          <label>
            <input type="checkbox" checked={value.remember} onChange={(e) => set({ remember: e.target.checked })} />{' '}
            このブラウザに記憶する（localStorage）
          </label>
          {problemNote}
          <p className="krs-pg-muted">
            トークンは既定ではこのページのメモリにだけ保持し、共有 URL
            にも含めません。本番のサービスがブラウザからの呼び出し（CORS）を許可していない場合、直接の送信は失敗します。その場合は
            krs-mock を <code>--proxy-target https://krs.bz/環境ID</code>{' '}
            付きで起動してそのサイトから送るか、curl・SDK・CLI のコード例をお使いください。
          </p>
        </div>
      ) : null}
    </fieldset>
  )
}
