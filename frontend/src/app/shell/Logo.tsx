import { Box, HStack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'

/** The Vitrine word mark: a small gold frame and the name. */
export function Logo({ to }: { to: string }) {
  return (
    <RouterLink to={to} aria-label="Vitrine home">
      <HStack gap="2">
        <Box boxSize="6" border="2px solid" borderColor="brand.500" borderRadius="sm" position="relative" aria-hidden="true">
          <Box position="absolute" inset="3px" bg="brand.500" borderRadius="1px" opacity={0.85} />
        </Box>
        <Text as="span" fontFamily="heading" fontSize="xl" fontWeight="semibold" letterSpacing="0.02em" color="fg">
          Vitrine
        </Text>
      </HStack>
    </RouterLink>
  )
}
