/** The investments sections: money on its way ('Pending transfers'), then the holdings or 'No Active or Exited Investments'. */
import { Button, HStack, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { formatMoney } from '../domain/money'
import type { PortfolioData } from './usePortfolio'

export function InvestmentsList({ data }: { data: PortfolioData }) {
  return (
    <Stack gap="5">
      {data.pendingTransfers.length > 0 ? (
        <Stack gap="2" as="section" aria-labelledby="pending-transfers">
          <Text id="pending-transfers" fontWeight="semibold" fontSize="lg">
            Pending transfers
          </Text>
          {data.pendingTransfers.map((t) => (
            <HStack key={t.id} justify="space-between" bg="white" borderWidth="1px" borderColor="border.muted" borderRadius="lg" px="4" py="3" data-testid="pending-transfer">
              <Text>
                {t.type === 'withdrawal' ? 'Withdrawal to your bank' : 'Deposit from your bank'}
                <Text as="span" color="fg.muted" fontSize="sm" display="block">
                  Processing, usually a few business days
                </Text>
              </Text>
              <Text fontWeight="semibold">{formatMoney(t.amount)}</Text>
            </HStack>
          ))}
        </Stack>
      ) : null}
      <Stack gap="2" as="section" aria-labelledby="my-investments">
        <Text id="my-investments" fontWeight="semibold" fontSize="lg">
          My Investments ({data.investments.length})
        </Text>
        {data.investments.length === 0 ? (
          <Stack gap="3" align="flex-start" bg="white" borderWidth="1px" borderColor="border.muted" borderRadius="2xl" p={{ base: '5', md: '6' }}>
            <Text fontWeight="semibold">No Active or Exited Investments</Text>
            <Text color="fg.muted">When you buy shares in an asset, they will be listed here.</Text>
            <Button asChild colorPalette="brand" size="sm">
              <RouterLink to="/app/assets">Browse assets</RouterLink>
            </Button>
          </Stack>
        ) : (
          <Text>{data.investments.length} investments</Text>
        )}
      </Stack>
    </Stack>
  )
}
