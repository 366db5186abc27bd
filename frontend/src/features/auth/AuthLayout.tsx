/** The public pages' frame: header, a brand panel on desktop and a card holding the form. */
import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { SkipLink } from '../../app/shell/AppShell'
import { Header } from '../../app/shell/Header'
import { CATEGORIES } from '../../domain/categories'

export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <Header />
      <Box as="main" id="main" tabIndex={-1} outline="none">
        {children}
      </Box>
    </>
  )
}

export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <PublicFrame>
      <Flex maxW="6xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '6', md: '12' }} gap="10" align="stretch">
        <BrandPanel />
        <Box flex="1" display="flex" justifyContent="center" alignItems="flex-start">
          <Box w="full" maxW="md" bg="white" borderRadius="2xl" boxShadow="sm" borderWidth="1px" borderColor="border.muted" p={{ base: '6', md: '8' }}>
            <Stack gap="1" mb="6">
              <Heading as="h1" size="2xl" fontFamily="heading">
                {title}
              </Heading>
              {subtitle ? <Text color="fg.muted">{subtitle}</Text> : null}
            </Stack>
            {children}
          </Box>
        </Box>
      </Flex>
    </PublicFrame>
  )
}

function BrandPanel() {
  return (
    <Box
      hideBelow="md"
      flex="1"
      bg="ink.900"
      color="white"
      borderRadius="2xl"
      p="10"
      position="relative"
      overflow="hidden"
      minH="lg"
      backgroundImage="radial-gradient(circle at 85% 15%, rgba(207,168,67,0.35), transparent 45%), radial-gradient(circle at 10% 90%, rgba(31,111,235,0.25), transparent 40%)"
    >
      <Stack gap="6" maxW="sm" position="relative">
        <Text fontSize="sm" letterSpacing="0.2em" textTransform="uppercase" color="brand.300">
          Fractional collectibles
        </Text>
        <Heading as="p" fontFamily="heading" fontSize="4xl" lineHeight="1.15" fontWeight="medium">
          Own a share of the extraordinary.
        </Heading>
        <Text color="whiteAlpha.800">
          Invest in rare cars, watches, memorabilia, comics and fine wine — one share at a time.
        </Text>
        <Flex wrap="wrap" gap="2" pt="2">
          {CATEGORIES.map((c) => (
            <Flex key={c.key} align="center" gap="2" bg="whiteAlpha.100" borderRadius="full" px="3" py="1" fontSize="sm">
              <Box boxSize="2" borderRadius="full" bg={c.color} />
              {c.title}
            </Flex>
          ))}
        </Flex>
      </Stack>
    </Box>
  )
}
