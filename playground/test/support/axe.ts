import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const require = createRequire(import.meta.url)
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

export interface AxeViolation {
  id: string
  impact: string | null
  help: string
  targets: string[]
}

/** The rules run: WCAG 2 A/AA and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

/**
 * Runs axe-core in the page (the rules of TAGS) and returns its serious and critical violations.
 * `colourRulesOnly`: only those of the rules that read colours (axe's `cat.color`: contrast, links
 * told apart by colour), for the page's content already checked by every rule in another colour mode.
 */
export async function seriousViolations(page: Page, { colourRulesOnly = false } = {}): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource })
  const violations = await page.evaluate(
    async ({ tags, colourRulesOnly }) => {
      const axe = (
        window as unknown as {
          axe: {
            getRules: (tags: string[]) => { ruleId: string; tags: string[] }[]
            run: (
              ctx: unknown,
              opts: unknown,
            ) => Promise<{
              violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[]
            }>
          }
        }
      ).axe
      const runOnly = colourRulesOnly
        ? {
            type: 'rule',
            values: axe
              .getRules(tags)
              .filter((r) => r.tags.includes('cat.color'))
              .map((r) => r.ruleId),
          }
        : { type: 'tag', values: tags }
      const result = await axe.run(document, { runOnly, resultTypes: ['violations'] })
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => JSON.stringify(n.target)),
      }))
    },
    { tags: TAGS, colourRulesOnly },
  )
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
}
