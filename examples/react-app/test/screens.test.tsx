import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiContext } from '../src/api'
import { App } from '../src/App'
import { seedDemo } from '../src/mocks/seed'
import { appFetchOf, useTenant } from './emulator'

afterEach(() => {
  cleanup()
  location.hash = ''
})

describe('the screens over the emulator', () => {
  const tenant = useTenant()

  it('the member list shows the first page and pages on', async () => {
    render(
      <ApiContext.Provider value={appFetchOf(tenant())}>
        <App />
      </ApiContext.Provider>,
    )
    expect(await screen.findByTestId('member-total')).toHaveProperty('textContent', '全 60 件')
    const rows = () => within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row')
    expect(rows()).toHaveLength(50)
    fireEvent.click(screen.getByRole('button', { name: '次へ' }))
    await screen.findByText('51')
    expect(rows()).toHaveLength(10)
    expect(screen.getByRole('button', { name: '次へ' })).toHaveProperty('disabled', true)
  })

  it('the delivery report shows the counts of a delivery the clock has run', async () => {
    const krs = tenant()
    const id = await seedDemo(krs.client, {
      now: async () => krs.clock.now().getTime() / 1000,
      advance: async (s) => {
        await krs.clock.advance(s * 1000)
      },
    })
    location.hash = '#/report'
    render(
      <ApiContext.Provider value={appFetchOf(krs)}>
        <App />
      </ApiContext.Provider>,
    )
    fireEvent.change(screen.getByLabelText('配信ID'), { target: { value: String(id) } })
    fireEvent.click(screen.getByRole('button', { name: '表示' }))
    expect(await screen.findByRole('heading', { name: '4月号' })).toBeTruthy()
    expect(screen.getByTestId('count-all').textContent).toBe('60')
    expect(screen.getByTestId('delivery-status').textContent).toContain('100%')
  })

  it('the delivery report says so when the delivery does not exist', async () => {
    location.hash = '#/report'
    render(
      <ApiContext.Provider value={appFetchOf(tenant())}>
        <App />
      </ApiContext.Provider>,
    )
    fireEvent.change(screen.getByLabelText('配信ID'), { target: { value: '42' } })
    fireEvent.click(screen.getByRole('button', { name: '表示' }))
    expect((await screen.findByRole('alert')).textContent).toContain('レポートを読み込めませんでした')
  })
})
