/** The hamburger menu (spec doc 1 §2 "Header and navigation"): Home, Categories (expanding), My Portfolio, Instant
 * trading (the /app/ats cards, when the atsCards flag gives any), Faqs, Settings, Contact, Logout. */
import { Box, Collapsible, CloseButton, Drawer, IconButton, Link, Portal, Stack } from '@chakra-ui/react'
import { useState } from 'react'
import { Link as RouterLink, useLocation } from 'react-router'
import { useCatalogue } from '../../features/assets/catalogue/catalogueContext'
import { currentMode } from '../../domain/mode'
import { cardsForFlag, useAtsCardsFlag } from '../../features/trading/atsCards'
import { ChevronDownIcon, ExternalIcon, MenuIcon } from '../../ui/icons'
import { NotificationDot } from '../../ui/NotificationDot'
import { menuItems } from './navigation'

const itemStyle = {
  display: 'flex',
  alignItems: 'center',
  width: 'full',
  px: '3',
  py: '2.5',
  borderRadius: 'md',
  fontWeight: 'medium',
  _hover: { bg: 'bg.muted', textDecoration: 'none' },
} as const

export function MenuDrawer() {
  const [open, setOpen] = useState(false)
  const { categories, dots } = useCatalogue()
  const { pathname } = useLocation()
  const close = () => setOpen(false)
  const introduction = cardsForFlag(useAtsCardsFlag(open)).length > 0 // the home screen's flag, read once the menu opens

  return (
    <Drawer.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="end" size="xs">
      <Drawer.Trigger asChild>
        <IconButton aria-label="Open menu" variant="ghost" size="md" position="relative">
          <MenuIcon boxSize="6" />
          {dots.size > 0 ? <NotificationDot label="new offerings" top="2" right="2" /> : null}
        </IconButton>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title fontFamily="heading">Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <nav aria-label="Main menu">
                <Stack as="ul" gap="1" listStyleType="none">
                  {menuItems(currentMode(), { introduction }).map((item) =>
                    item.kind === 'categories' ? (
                      <li key="categories">
                        <Collapsible.Root defaultOpen={pathname.startsWith('/app/assets')}>
                          <Collapsible.Trigger {...itemStyle} justifyContent="space-between" cursor="pointer">
                            Categories
                            <ChevronDownIcon boxSize="4" />
                          </Collapsible.Trigger>
                          <Collapsible.Content>
                            <Stack as="ul" gap="0.5" pl="3" listStyleType="none">
                              {categories.map((c) => (
                                <li key={c.key}>
                                  <Link asChild {...itemStyle} fontWeight="normal" position="relative">
                                    <RouterLink to={`/app/assets/${c.pathname}`} onClick={close}>
                                      <Box as="span" boxSize="2.5" borderRadius="full" bg={c.color} mr="3" aria-hidden="true" />
                                      {c.title}
                                      {dots.has(c.key) ? <NotificationDot top="3" right="3" /> : null}
                                    </RouterLink>
                                  </Link>
                                </li>
                              ))}
                            </Stack>
                          </Collapsible.Content>
                        </Collapsible.Root>
                      </li>
                    ) : (
                      <li key={item.label}>
                        {item.external ? (
                          <Link href={item.to} target="_blank" rel="noopener noreferrer" {...itemStyle} justifyContent="space-between" onClick={close}>
                            {item.label}
                            <ExternalIcon boxSize="4" aria-label="opens in a new tab" />
                          </Link>
                        ) : (
                          <Link asChild {...itemStyle}>
                            <RouterLink to={item.to} onClick={close}>
                              {item.label}
                            </RouterLink>
                          </Link>
                        )}
                      </li>
                    ),
                  )}
                </Stack>
              </nav>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  )
}
