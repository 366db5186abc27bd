/** The header (spec doc 1 §2): logo; logged out a Log in / Sign up pair; logged in the user's e-mail, a logout link and the menu. */
import { Box, Button, Flex, HStack, Link, Text } from '@chakra-ui/react'
import { lazy, Suspense } from 'react'
import { Link as RouterLink } from 'react-router'
import { useUser } from '../account/userContext'
import { currentMode } from '../../domain/mode'
import { useSession } from '../session/useSession'
import { Logo } from './Logo'
import { MenuDrawer } from './MenuDrawer'
import { homePath } from './navigation'

// its own chunk: the bell (a Chakra Menu) is not part of the first JavaScript the browser loads (the bundle budget)
const NoticesBell = lazy(() => import('../../features/notices/NoticesBell').then((m) => ({ default: m.NoticesBell })))

/** `withMenu` only inside the logged-in shell, where the catalogue (categories, dots) exists. */
export function Header({ withMenu = false }: { withMenu?: boolean }) {
  const { token } = useSession()
  const mode = currentMode()
  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg.canvas/90" backdropFilter="blur(8px)" borderBottomWidth="1px" borderColor="border.muted">
      <Flex maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} h="16" align="center" justify="space-between" gap="4">
        <Logo to={token ? homePath(mode) : '/login'} />
        {token ? <LoggedInActions withMenu={withMenu} /> : <LoggedOutActions special={mode === 'special'} />}
      </Flex>
    </Box>
  )
}

function LoggedOutActions({ special }: { special: boolean }) {
  return (
    <HStack gap="2">
      <Button asChild variant="ghost" size="sm">
        <RouterLink to="/login">Log in</RouterLink>
      </Button>
      {special ? null : (
        <Button asChild colorPalette="brand" size="sm">
          <RouterLink to="/signup">Sign up</RouterLink>
        </Button>
      )}
    </HStack>
  )
}

function LoggedInActions({ withMenu }: { withMenu: boolean }) {
  const { user } = useUser()
  return (
    <HStack gap={{ base: '1', md: '3' }} minW="0">
      {user ? (
        <Text data-testid="header-email" fontSize="sm" color="fg.muted" truncate maxW={{ base: '36vw', md: '64' }} title={user.email}>
          {user.email}
        </Text>
      ) : null}
      <Link asChild fontSize="sm" fontWeight="semibold" color="fg" whiteSpace="nowrap">
        <RouterLink to="/app/logout">Log out</RouterLink>
      </Link>
      {withMenu ? <Suspense fallback={null}><NoticesBell /></Suspense> : null}
      {withMenu ? <MenuDrawer /> : null}
    </HStack>
  )
}
