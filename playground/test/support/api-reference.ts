import type { Page } from 'playwright-core'

/**
 * Opens /api's reference the way a reader does (its button above the operation index) and waits
 * until Redoc has rendered its menu: the page shows only the index until then.
 */
export async function openReference(page: Page): Promise<void> {
  await page.locator('[data-testid="api-open-reference"]').click()
  await page.locator('[data-item-id*="/operation/"]').first().waitFor({ state: 'attached', timeout: 90_000 })
}
