import type React from 'react'
import SiteMetadata from '@theme-original/SiteMetadata'
import Head from '@docusaurus/Head'
import useDocusaurusContext from '@docusaurus/useDocusaurusContext'
import { useLocation } from '@docusaurus/router'

/**
 * Docusaurus' site metadata, with canonical and og:url that follow the page's own origin
 * when no site URL is configured (KRS_SITE_URL): the server-rendered page names its path
 * (a relative canonical), the browser the full address. A later <Head> overrides earlier ones.
 */
export default function SiteMetadataWrapper(props: React.ComponentProps<typeof SiteMetadata>): React.JSX.Element {
  const { siteConfig } = useDocusaurusContext()
  const { pathname } = useLocation()
  const configured = siteConfig.customFields?.siteUrlConfigured === true
  const origin = typeof window === 'undefined' ? '' : window.location.origin
  return (
    <>
      <SiteMetadata {...props} />
      {configured ? null : (
        <Head>
          <meta property="og:url" content={`${origin}${pathname}`} />
          <link rel="canonical" href={`${origin}${pathname}`} />
        </Head>
      )}
    </>
  )
}
