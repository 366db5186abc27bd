/** The linked bank line: name ••••tail and its status, with 'Remove bank'; without a bank, a link to add one. */
import { Badge, Button, Flex, HStack, Link, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import type { FundingSource } from '../../api/funding'

const STATUS: Record<string, [string, string]> = {
  verified: ['Verified', 'green'],
  unverified: ['Awaiting verification', 'orange'],
}

export function BankPanel({ source, onRemove }: { source: FundingSource | null; onRemove: () => void }) {
  if (!source) {
    return (
      <Flex justify="space-between" align="center" gap="3" wrap="wrap" data-testid="bank-line">
        <Text color="fg.muted">No bank account linked yet.</Text>
        <Link asChild color="gold.fg" fontWeight="semibold">
          <RouterLink to="/app/fund-account">Link a bank account</RouterLink>
        </Link>
      </Flex>
    )
  }
  const [label, palette] = STATUS[source.status] ?? [source.status.replace(/[_-]/g, ' '), 'red']
  return (
    <Flex justify="space-between" align="center" gap="3" wrap="wrap" data-testid="bank-line">
      <Stack gap="0.5" minW="0">
        <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="0.08em" fontWeight="semibold">
          Linked bank
        </Text>
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="semibold" data-testid="bank-name">
            {source.name || 'Bank account'} <Text as="span" color="fg.muted" fontWeight="normal">••••{source.accountNumberTail}</Text>
          </Text>
          <Badge colorPalette={palette} variant="subtle" textTransform="capitalize" data-testid="bank-status">
            {label}
          </Badge>
        </HStack>
      </Stack>
      <Button variant="outline" size="sm" colorPalette="red" bg="white" onClick={onRemove}>
        Remove bank
      </Button>
    </Flex>
  )
}
