import type { Plugin } from '@docusaurus/types'
import { firstLoad } from './first-load.js'

/**
 * First-load JavaScript budgets, gzipped (level 9) KB per built page: the scripts its HTML
 * names (preloaded, or started by plugins/patches/ssr-template.ts). Each is a little above the
 * build of 2026-11-27 (in brackets), so that growth fails the build and is a decision, not an
 * accident: raise a figure only with its reason in the commit.
 */
export const FIRST_LOAD_BUDGETS_KB: Record<string, number> = {
  // (176.5) the home page: runtime~main.js, main.js (144.1 together) and its route's chunks
  'index.html': 185,
  // (174.8) a guide with code blocks
  'tutorials/getting-started.html': 185,
  // (160.0; 162.1 on 2026-12-02 with the real targets, the keyboard's send and the skip links)
  'playground.html': 168,
  // (162.1; 164.3 on 2026-12-02) an operation's page, before the form's chunk loads on use
  'playground/add_member.html': 170,
  // (148.4) the operation index; Redoc and the contract load when the reference is opened
  'api.html': 155,
}

export interface BudgetRow {
  page: string
  kb: number
  budgetKb: number
}

/** Each budgeted page's figure; throws, listing every page over its budget, when any is. */
export function checkFirstLoadBudgets(buildDir: string, budgets = FIRST_LOAD_BUDGETS_KB): BudgetRow[] {
  const rows = Object.entries(budgets).map(([page, budgetKb]) => ({
    page,
    kb: Math.round((firstLoad(buildDir, page).gz / 1024) * 10) / 10,
    budgetKb,
  }))
  const over = rows.filter((r) => r.kb > r.budgetKb)
  if (over.length > 0)
    throw new Error(
      `first-load JavaScript over budget (plugins/size-budget/index.ts): ${over
        .map((r) => `${r.page} ${r.kb} KB gzipped > ${r.budgetKb} KB`)
        .join('; ')}`,
    )
  return rows
}

/** Fails `docusaurus build` when a page's first-load JavaScript is over its budget. */
export function sizeBudget(): Plugin {
  return {
    name: 'krs-size-budget',
    postBuild: async ({ outDir }) => {
      const rows = checkFirstLoadBudgets(outDir)
      console.log(
        `[krs-size-budget] first-load JavaScript within budget: ${rows.map((r) => `${r.page} ${r.kb}/${r.budgetKb} KB`).join(', ')}`,
      )
    },
  }
}
