/**
 * Announces a category that just got a new open offering; hides itself after 6 seconds (spec doc 1 §2, §9). It shows
 * only on the browsing screens (navigation.ts `showsNavNotification`), so it never covers a form's buttons.
 */
import { Box, CloseButton, HStack, Link, Text } from '@chakra-ui/react'
import { useEffect, useRef, useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { useCatalogue } from '../../features/assets/catalogue/catalogueContext'
import { NAV_NOTIFICATION_HIDE_MS } from '../../config'
import { categoryByKey } from '../../domain/categories'
import { useIsMobile } from '../../ui/useIsMobile'

const ANNOUNCED_KEY = 'announcedOfferings'

/** On the phone just above the bottom navigation whose dot it announces; on a desktop just under the header's menu. */
const ON_PHONE = { bottom: '88px', left: '50%', transform: 'translateX(-50%)' } as const
const ON_DESKTOP = { top: '76px', right: '6' } as const

function loadAnnounced(): Set<string> {
  try {
    const raw: unknown = JSON.parse(window.sessionStorage.getItem(ANNOUNCED_KEY) ?? '[]')
    return new Set(Array.isArray(raw) ? raw.filter((v): v is string => typeof v === 'string') : [])
  } catch {
    return new Set()
  }
}

function saveAnnounced(keys: Set<string>): void {
  try {
    window.sessionStorage.setItem(ANNOUNCED_KEY, JSON.stringify([...keys]))
  } catch {
    // not essential
  }
}

export function NavNotification() {
  const { categories, dots, status } = useCatalogue()
  const isMobile = useIsMobile()
  const announced = useRef<Set<string>>(loadAnnounced())
  const [current, setCurrent] = useState<string | null>(null)

  useEffect(() => {
    if (status !== 'ready') return
    const fresh = [...dots].find((key) => !announced.current.has(key))
    dots.forEach((key) => announced.current.add(key))
    saveAnnounced(announced.current)
    if (fresh) setCurrent(fresh)
  }, [dots, status])

  useEffect(() => {
    if (current === null) return undefined
    const timer = window.setTimeout(() => setCurrent(null), NAV_NOTIFICATION_HIDE_MS)
    return () => window.clearTimeout(timer)
  }, [current])

  const category = categoryByKey(categories, current ?? undefined)
  if (!category) return null
  return (
    <Box position="fixed" zIndex="banner" w="max-content" maxW="calc(100vw - 32px)" {...(isMobile ? ON_PHONE : ON_DESKTOP)}>
      <HStack role="status" bg="ink.900" color="white" borderRadius="full" pl="4" pr="1" py="1" boxShadow="lg" gap="2" data-testid="nav-notification">
        <Box boxSize="2.5" borderRadius="full" bg={category.color} flexShrink={0} />
        <Text fontSize="sm">
          New offering in{' '}
          <Link asChild color="brand.300" fontWeight="semibold" onClick={() => setCurrent(null)}>
            <RouterLink to={`/app/assets/${category.pathname}`}>{category.title}</RouterLink>
          </Link>
        </Text>
        <CloseButton size="xs" color="white" _hover={{ bg: 'whiteAlpha.200' }} aria-label="Dismiss" onClick={() => setCurrent(null)} />
      </HStack>
    </Box>
  )
}
