import React, { isValidElement } from 'react'
import useIsBrowser from '@docusaurus/useIsBrowser'
import { useColorMode } from '@docusaurus/theme-common'
import ElementContent from '@theme/CodeBlock/Content/Element'
import StringContent from '@theme/CodeBlock/Content/String'
import type { Props } from '@theme/CodeBlock'

/** The children as one string when they are only strings (so that the copy button has the code). */
function asText(children: React.ReactNode): React.ReactNode {
  if (React.Children.toArray(children).some((c) => isValidElement(c))) return children
  return Array.isArray(children) ? children.join('') : children
}

/**
 * Docusaurus' code block, hydrated as the server rendered it. Docusaurus renders every block
 * again once the page has hydrated (a new key), because the server's Prism colours are the
 * light theme's; here that happens only when the colour mode is not light, so that a page in
 * the default light mode never runs Prism in the browser (./Content keeps the server's lines).
 */
export default function CodeBlock({ children, ...props }: Props): React.JSX.Element {
  const isBrowser = useIsBrowser()
  const { colorMode } = useColorMode()
  const text = asText(children)
  const Block = typeof text === 'string' ? StringContent : ElementContent
  return (
    <Block key={isBrowser && colorMode !== 'light' ? 'browser' : 'server'} {...props}>
      {text as string}
    </Block>
  )
}
