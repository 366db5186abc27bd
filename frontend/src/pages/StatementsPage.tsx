/** /app/investments/statements: STATEMENTS (spec doc 3 §2.6), account statements and tax documents; none yet. */
import { Box, Stack, Text } from '@chakra-ui/react'
import { Page } from '../ui/Page'

const SECTIONS = [
  ['Account Statements', 'No current Account Statements', 'Statements are typically available by the first week of the month, once you hold an active investment.'],
  ['Tax Documents', 'No current Tax Documents', 'Tax documents become available in March of the following year if you sold shares.'],
] as const

export function StatementsPage() {
  return (
    <Page title="Statements" maxW="3xl" back={{ to: '/app/investments', label: 'My Portfolio' }}>
      <Stack gap="3">
        {SECTIONS.map(([title, empty, info]) => (
          <Box key={title} bg="white" borderWidth="1px" borderColor="border.muted" borderRadius="xl" px="5" py="4" aria-disabled="true">
            <Text fontWeight="semibold">{title}</Text>
            <Text fontSize="sm" color="fg.muted">
              {empty}
            </Text>
            <Text fontSize="sm" color="fg.muted" mt="2">
              {info}
            </Text>
          </Box>
        ))}
      </Stack>
    </Page>
  )
}
