import type React from 'react'
import useDocusaurusContext from '@docusaurus/useDocusaurusContext'

/**
 * A theme's structured data (JSON-LD) only when the site's address is configured
 * (KRS_SITE_URL): its items must be absolute URLs, and without that address the only one known
 * is the configuration's placeholder (the local emulator's), which search engines would index.
 */
export function withSiteUrlOnly<P extends object>(
  Component: React.ComponentType<P>,
): (props: P) => React.JSX.Element | null {
  return function SiteUrlOnly(props: P): React.JSX.Element | null {
    const { siteConfig } = useDocusaurusContext()
    return siteConfig.customFields?.siteUrlConfigured === true ? <Component {...props} /> : null
  }
}
