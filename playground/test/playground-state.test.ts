import { createEngine } from '@krs-kit/mock-server'
import { describe, expect, it } from 'vitest'
import { coalescingSaver } from '../runtime/saved-state.js'
import {
  decodeState,
  encodeState,
  MAX_STATE_LINK,
  stateFromHash,
  stateLink,
} from '../src/components/playground/share-state.js'

describe('the saved state: one save at a time, none lost', () => {
  it('a burst of changes costs at most two saves, and settled() waits for the last one', async () => {
    const saved: number[] = []
    let value = 0
    let release: () => void = () => undefined
    const saver = coalescingSaver(async () => {
      const v = value
      await new Promise<void>((r) => {
        release = r
      })
      saved.push(v)
    })
    value = 1
    saver.changed()
    value = 2
    saver.changed()
    value = 3
    saver.changed()
    const done = saver.settled()
    release()
    await new Promise((r) => setTimeout(r, 0))
    release()
    await done
    expect(saved).toEqual([1, 3])
  })

  it('a failed save rejects settled(), and the next change saves again', async () => {
    let fail = true
    let saves = 0
    const saver = coalescingSaver(async () => {
      saves++
      if (fail) throw new Error('disk full')
    })
    saver.changed()
    await expect(saver.settled()).rejects.toThrow('disk full')
    fail = false
    saver.changed()
    await saver.settled()
    expect(saves).toBe(2)
  })
})

describe('the share link: #state= of a deflated snapshot', () => {
  it('carries a tenant snapshot that another engine loads: its data and its moved clock', async () => {
    const a = createEngine({ clock: { mode: 'manual' } })
    const post = (e: typeof a, path: string, body: unknown) =>
      e.handle(
        new Request(`http://emulator.local${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer krs-all' },
          body: JSON.stringify(body),
        }),
      )
    await post(a, '/__mock/clock', { advance_seconds: 3600 })
    const snap = a.exportTenant(a.defaultTenant)
    const encoded = await encodeState(snap)
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/)
    const link = stateLink('http://127.0.0.1:3000/playground/get_version?body=%7B%7D#old', encoded)
    expect(link.startsWith('http://127.0.0.1:3000/playground/get_version?body=%7B%7D#state=')).toBe(true)
    const back = stateFromHash(new URL(link).hash)
    expect(back).toBe(encoded)

    const b = createEngine({ clock: { mode: 'manual' } })
    b.importTenant(b.defaultTenant, await decodeState(back ?? ''))
    const again = b.exportTenant(b.defaultTenant)
    expect(again.state).toEqual(snap.state)
    expect(again.clock).toEqual(snap.clock)
    expect(b.defaultTenant.clock.now()).toBe(a.defaultTenant.clock.now())
  })

  it('a cut or altered link is refused in Japanese', async () => {
    const encoded = await encodeState({ format: 'x', state: { a: 1 } })
    await expect(decodeState(encoded.slice(0, encoded.length - 6))).rejects.toThrow('共有リンクの状態を読めません')
    await expect(decodeState('not base64!')).rejects.toThrow('base64url 以外の文字')
    expect(stateFromHash('#intro')).toBeNull()
  })

  it("the default tenant's state fits in a link", async () => {
    const e = createEngine({ clock: { mode: 'manual' } })
    const encoded = await encodeState(e.exportTenant(e.defaultTenant))
    expect(stateLink('http://127.0.0.1:3000/playground', encoded).length).toBeLessThan(MAX_STATE_LINK)
  })
})
