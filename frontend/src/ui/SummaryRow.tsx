/** One line of a summary list (<dl>): label and value on one row. */
import { Flex, Text } from '@chakra-ui/react'

export function SummaryRow({ label, value, strong = false, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Flex justify="space-between" gap="3" py="1.5">
      <Text as="dt" color="fg.muted">
        {label}
      </Text>
      <Text as="dd" fontWeight={strong ? 'bold' : 'medium'} textAlign="end" data-testid={testId}>
        {value}
      </Text>
    </Flex>
  )
}
