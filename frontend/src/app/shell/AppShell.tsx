/** The logged-in shell: catalogue, header with menu, page, mobile bottom navigation and nav notifications. */
import { Box, Link } from '@chakra-ui/react'
import { Outlet, useLocation } from 'react-router'
import { CatalogueProvider } from '../../features/assets/catalogue/CatalogueProvider'
import { useIsMobile } from '../../ui/useIsMobile'
import { BottomNav } from './BottomNav'
import { Header } from './Header'
import { showsBottomNav, showsNavNotification } from './navigation'
import { NavNotification } from './NavNotification'
import { TradingShellPopups } from '../../features/trading/ShellPopups'

export function AppShell() {
  const { pathname } = useLocation()
  const isMobile = useIsMobile()
  const bottomNav = isMobile && showsBottomNav(pathname)
  return (
    <CatalogueProvider>
      <SkipLink />
      <Header withMenu />
      {showsNavNotification(pathname) ? <NavNotification /> : null}
      <Box as="main" id="main" tabIndex={-1} pb={bottomNav ? '20' : '10'} outline="none">
        <Outlet />
      </Box>
      {bottomNav ? <BottomNav /> : null}
      <TradingShellPopups />
    </CatalogueProvider>
  )
}

export function SkipLink() {
  return (
    <Link
      href="#main"
      position="absolute"
      left="2"
      top="-20"
      zIndex="skipLink"
      bg="white"
      px="3"
      py="2"
      borderRadius="md"
      _focusVisible={{ top: '2' }}
    >
      Skip to content
    </Link>
  )
}
