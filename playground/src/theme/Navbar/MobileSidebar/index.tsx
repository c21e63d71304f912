import type React from 'react'
import { useEffect, useState } from 'react'
import { useLockBodyScroll, useNavbarMobileSidebar } from '@docusaurus/theme-common/internal'
import NavbarMobileSidebarLayout from '@theme/Navbar/MobileSidebar/Layout'
import NavbarMobileSidebarHeader from '@theme/Navbar/MobileSidebar/Header'
import NavbarMobileSidebarPrimaryMenu from '@theme/Navbar/MobileSidebar/PrimaryMenu'
import NavbarMobileSidebarSecondaryMenu from '@theme/Navbar/MobileSidebar/SecondaryMenu'

/**
 * Docusaurus' mobile menu (the drawer behind the navbar's ☰ button), whose two menus (the
 * navbar's links and the page's sidebar) are rendered the first time the reader opens it.
 * Docusaurus renders both into the closed drawer as soon as a phone-sized page has hydrated:
 * the whole docs sidebar a second time, in one uninterruptible render right after hydration,
 * for a drawer most readers never open, delaying the page's first response to a tap on a
 * slow phone. The drawer itself is there from the start,
 * so that it still slides in.
 */
export default function NavbarMobileSidebar(): React.JSX.Element | null {
  const mobileSidebar = useNavbarMobileSidebar()
  useLockBodyScroll(mobileSidebar.shown)
  const [opened, setOpened] = useState(false)
  useEffect(() => {
    if (mobileSidebar.shown) setOpened(true)
  }, [mobileSidebar.shown])
  if (!mobileSidebar.shouldRender) return null
  const filled = opened || mobileSidebar.shown
  return (
    <NavbarMobileSidebarLayout
      header={<NavbarMobileSidebarHeader />}
      primaryMenu={filled ? <NavbarMobileSidebarPrimaryMenu /> : null}
      secondaryMenu={filled ? <NavbarMobileSidebarSecondaryMenu /> : null}
    />
  )
}
