// Docusaurus' code block lines (Prism through prism-react-renderer) with the site's extra
// languages registered first: loaded on its own (React.lazy in ./index.tsx), so that Prism is
// neither evaluated nor run while a page hydrates.
import type React from 'react'
import '../../prism-languages'
import Content from '@theme-original/CodeBlock/Content'
import type { Props } from '@theme/CodeBlock/Content'

export default function Highlighted(props: Props): React.JSX.Element {
  return <Content {...props} />
}
