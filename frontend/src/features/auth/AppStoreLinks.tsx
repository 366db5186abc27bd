import { HStack, Link, Text } from '@chakra-ui/react'
import { APP_STORE_URL, PLAY_STORE_URL } from '../../config'

function StoreBadge({ href, small, big }: { href: string; small: string; big: string }) {
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" bg="ink.900" color="white" borderRadius="lg" px="3" py="1.5" display="inline-flex" flexDirection="column" lineHeight="1.1" _hover={{ bg: 'ink.700', textDecoration: 'none' }}>
      <Text as="span" fontSize="2xs" opacity={0.8}>
        {small}
      </Text>
      <Text as="span" fontSize="sm" fontWeight="semibold">
        {big}
      </Text>
    </Link>
  )
}

/** App-store download links shown under the login form. */
export function AppStoreLinks() {
  return (
    <HStack gap="3" justify="center" aria-label="Get the app" role="group">
      <StoreBadge href={APP_STORE_URL} small="Download on the" big="App Store" />
      <StoreBadge href={PLAY_STORE_URL} small="Get it on" big="Google Play" />
    </HStack>
  )
}
