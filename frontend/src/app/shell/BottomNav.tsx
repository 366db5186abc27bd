/** Mobile bottom navigation (spec doc 1 §2): Home and the five categories, each with its colour and a notification dot. */
import { Box, Flex, Text } from '@chakra-ui/react'
import { NavLink, useLocation } from 'react-router'
import { useCatalogue } from '../../features/assets/catalogue/catalogueContext'
import { categoryByKey } from '../../domain/categories'
import { currentMode } from '../../domain/mode'
import { HomeIcon } from '../../ui/icons'
import { NotificationDot } from '../../ui/NotificationDot'
import { BOTTOM_NAV_CATEGORY_KEYS, homePath } from './navigation'

const SHORT_TITLES: Record<string, string> = {
  history: 'History',
  art: 'Comics',
  cars: 'Cars',
  watches: 'Luxury',
  'wine-spirits': 'Wine',
}

interface Item {
  key: string
  to: string
  label: string
  short: string
  color: string
  dot: boolean
}

export function BottomNav() {
  const { categories, dots } = useCatalogue()
  const { pathname } = useLocation()
  const items: Item[] = [{ key: 'home', to: homePath(currentMode()), label: 'Home', short: 'Home', color: '#11151f', dot: false }]
  for (const key of BOTTOM_NAV_CATEGORY_KEYS) {
    const c = categoryByKey(categories, key)
    if (c) items.push({ key, to: `/app/assets/${c.pathname}`, label: c.title, short: SHORT_TITLES[key] ?? c.title, color: c.color, dot: dots.has(key) })
  }
  return (
    <Box
      as="nav"
      aria-label="Categories"
      position="fixed"
      bottom="0"
      left="0"
      right="0"
      zIndex="sticky"
      bg="white"
      borderTopWidth="1px"
      borderColor="border.muted"
      pb="env(safe-area-inset-bottom)"
      data-testid="bottom-nav"
    >
      <Flex as="ul" listStyleType="none" justify="space-around">
        {items.map((item) => {
          const active = item.key === 'home' ? pathname === '/app/home' : pathname.startsWith(item.to)
          return (
            <Box as="li" key={item.key} flex="1">
              <NavLink to={item.to} aria-label={item.label} aria-current={active ? 'page' : undefined}>
                <Flex direction="column" align="center" gap="1" pt="2" pb="1.5" position="relative" color={active ? 'fg' : 'fg.muted'}>
                  <Box h="3px" w="8" borderRadius="full" bg={active ? item.color : 'transparent'} position="absolute" top="0" />
                  {item.key === 'home' ? (
                    <HomeIcon boxSize="5" />
                  ) : (
                    <Box boxSize="5" borderRadius="full" bg={item.color} opacity={active ? 1 : 0.75} aria-hidden="true" />
                  )}
                  {item.dot ? <NotificationDot top="1.5" right="calc(50% - 16px)" /> : null}
                  <Text as="span" fontSize="2xs" fontWeight={active ? 'semibold' : 'medium'} aria-hidden="true">
                    {item.short}
                  </Text>
                </Flex>
              </NavLink>
            </Box>
          )
        })}
      </Flex>
    </Box>
  )
}
