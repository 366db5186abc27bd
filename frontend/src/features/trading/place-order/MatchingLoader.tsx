/** The matching loader overlay (spec doc 3 §4.3): 'Searching for a match...' (limit) or 'Matching you with a seller...' (instant). */
import { Box, Flex, Spinner, Text } from '@chakra-ui/react'

export function MatchingLoader({ text }: { text: string }) {
  return (
    <Flex
      position="fixed"
      inset="0"
      zIndex="overlay"
      bg="blackAlpha.700"
      align="center"
      justify="center"
      direction="column"
      gap="4"
      px="6"
      role="status"
      aria-live="assertive"
      data-testid="matching-loader"
    >
      <Spinner size="xl" color="white" borderWidth="4px" />
      <Box>
        <Text color="white" fontSize={{ base: 'xl', md: '2xl' }} fontWeight="semibold" textAlign="center">
          {text}
        </Text>
      </Box>
    </Flex>
  )
}
