import type React from 'react'
import CodeBlock from '@theme-original/CodeBlock'
import '../prism-languages'

/** Docusaurus' code block, with the site's extra languages registered in both builds. */
export default function CodeBlockWrapper(props: React.ComponentProps<typeof CodeBlock>): React.JSX.Element {
  return <CodeBlock {...props} />
}
