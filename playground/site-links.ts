/**
 * External links of the footer. The operating company and its tech blog are
 * www.tricorn.co.jp and lab.tricorn.co.jp; the product and manual-support addresses are
 * not given in the public documentation and must be confirmed before publishing.
 */
export const externalLinks = {
  productSite: 'https://www.kreisel.jp/',
  manualSupportSite: 'https://www.kreisel.jp/',
  operatingCompany: 'https://www.tricorn.co.jp/',
  techLabs: 'https://lab.tricorn.co.jp/',
} as const
