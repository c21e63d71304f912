import { expect, test } from '@playwright/test'

// `npm run dev` without a KREISEL environment (global-setup.ts starts it): the emulator and the
// app's /app-api handler run in the page's MSW worker, with the demo delivery seeded there.
const devUrl = (): string => {
  const url = process.env.E2E_DEV_URL
  if (!url) throw new Error('E2E_DEV_URL is not set: global-setup.ts starts the development server')
  return url
}

test('the development server answers from the emulator in the browser', async ({ page }) => {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await page.goto(`${devUrl()}/`)
  // the scenario's generated members, answered in the page
  await expect(page.getByTestId('member-total')).toHaveText(/^全 [1-9]\d* 件$/, { timeout: 20_000 })
  await page.goto(`${devUrl()}/#/report`)
  await page.getByRole('button', { name: '表示' }).click()
  await expect(page.getByTestId('delivery-status')).toContainText('100%')
  expect(errors).toEqual([])
})
