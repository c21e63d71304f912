import type React from 'react'
import Content from '@theme-original/NotFound/Content'
import { PageMetadata } from '@docusaurus/theme-common'
import { translate } from '@docusaurus/Translate'

/**
 * The not-found page's content, with its title set inside the layout: the theme sets it before
 * the layout, whose site metadata then put the site's name back as the page's title.
 */
export default function NotFoundContentWrapper(props: React.ComponentProps<typeof Content>): React.JSX.Element {
  return (
    <>
      <PageMetadata title={translate({ id: 'theme.NotFound.title', message: 'Page Not Found' })} />
      <Content {...props} />
    </>
  )
}
