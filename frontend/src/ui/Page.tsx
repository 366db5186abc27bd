/** Page container and title used by the logged-in pages. */
import { Box, Heading, Link, Stack, Text } from '@chakra-ui/react'
import { useEffect, type ReactNode } from 'react'
import { Link as RouterLink } from 'react-router'
import { ChevronLeftIcon } from './icons'

interface Props {
  title: string
  subtitle?: ReactNode
  children?: ReactNode
  maxW?: string
  hideTitle?: boolean
  /** a back link above the title */
  back?: { to: string; label: string }
}

export function Page({ title, subtitle, children, maxW = '5xl', hideTitle = false, back }: Props) {
  useEffect(() => {
    document.title = `${title} · Vitrine`
  }, [title])
  return (
    <Box maxW={maxW} mx="auto" px={{ base: '4', md: '6' }} pt={{ base: '5', md: '8' }}>
      {hideTitle ? null : (
        <Stack gap="1" mb={{ base: '5', md: '8' }}>
          {back ? (
            <Link asChild color="gold.fg" fontWeight="semibold" fontSize="sm" alignSelf="flex-start" mb="1" gap="1">
              <RouterLink to={back.to}>
                <ChevronLeftIcon boxSize="4" />
                {back.label}
              </RouterLink>
            </Link>
          ) : null}
          <Heading as="h1" fontFamily="heading" size={{ base: '2xl', md: '3xl' }} fontWeight="semibold">
            {title}
          </Heading>
          {subtitle ? <Text color="fg.muted">{subtitle}</Text> : null}
        </Stack>
      )}
      {children}
    </Box>
  )
}

export function Panel({ children, ...rest }: { children: ReactNode; p?: string | Record<string, string> }) {
  return (
    <Box bg="white" borderRadius="2xl" borderWidth="1px" borderColor="border.muted" p={rest.p ?? { base: '5', md: '6' }}>
      {children}
    </Box>
  )
}
