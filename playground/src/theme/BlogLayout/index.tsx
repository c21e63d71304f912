import type React from 'react'
import BlogLayout from '@theme-original/BlogLayout'
import { useLocation } from '@docusaurus/router'

/** The history's list page (/history), the one blog page without a heading of its own. */
const LIST_PAGE = '/history'

/** The blog's layout, with the list page's h1 (posts and tag pages have theirs). */
export default function BlogLayoutWrapper(props: React.ComponentProps<typeof BlogLayout>): React.JSX.Element {
  const { pathname } = useLocation()
  if (pathname.replace(/\/+$/, '') !== LIST_PAGE) return <BlogLayout {...props} />
  return (
    <BlogLayout {...props}>
      <h1>変更履歴</h1>
      {props.children}
    </BlogLayout>
  )
}
