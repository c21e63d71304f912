import { expect, test } from '@playwright/test'

// An uncaught error in the page fails the test that caused it.
let pageErrors: string[] = []
test.beforeEach(({ page }) => {
  pageErrors = []
  page.on('pageerror', (e) => pageErrors.push(e.message))
})
test.afterEach(() => {
  expect(pageErrors).toEqual([])
})

test('the member list of the built app shows the tenant’s members', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { name: '会員一覧' })).toBeVisible()
  await expect(page.getByTestId('member-total')).toHaveText(/^全 \d+ 件$/)
  const rows = page.locator('tbody tr')
  await expect(rows.first()).toBeVisible()
  expect(await rows.count()).toBeGreaterThan(0)
})

test('the delivery report shows the delivery the emulator ran', async ({ page }) => {
  await page.goto('/#/report')
  await page.getByLabel('配信ID').fill('1')
  await page.getByRole('button', { name: '表示' }).click()
  await expect(page.getByRole('heading', { name: '4月号' })).toBeVisible()
  await expect(page.getByTestId('delivery-status')).toContainText('100%')
  await expect(page.getByTestId('count-all')).not.toHaveText('0')
})

test('the page never holds the KREISEL token: it calls /app-api only', async ({ page }) => {
  const urls: string[] = []
  page.on('request', (r) => urls.push(new URL(r.url()).pathname))
  await page.goto('/')
  await expect(page.getByTestId('member-total')).toBeVisible()
  expect(urls.filter((u) => u.includes('/api/v1/'))).toEqual([])
  expect(urls).toContain('/app-api/members')
  // global-setup.ts gave the preview server the tenant's token; the page's HTML must not carry it
  const token = process.env.KRS_TOKEN
  expect(token).toMatch(/\S{8,}/)
  expect(await page.content()).not.toContain(token)
})
