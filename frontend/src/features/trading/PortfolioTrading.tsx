/**
 * My Portfolio's trading part (spec doc 3 §2.6, §4.2, §4.11): 'Pending transactions' (the pending orders, with the
 * cash held for open bids). The shares held are the holdings of InvestmentsList (features/portfolio/InvestmentsList.tsx).
 */
import { HStack, Link, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { useUser } from '../../app/account/userContext'
import { formatMoney } from '../../domain/money'
import { isPending } from './orders'
import { useTrading } from './useTrading'

const row = { bg: 'white', borderWidth: '1px', borderColor: 'border.muted', borderRadius: 'lg', px: '4', py: '3' } as const

export function PortfolioTrading() {
  const { user } = useUser()
  const trading = useTrading(user, null, null)
  const pending = trading.orders.filter(isPending)
  const held = pending.filter((o) => o.side === 'BID').reduce((sum, o) => sum + o.units.unfilled * Number(o.pricing.unit), 0)
  if (trading.loading) return null
  return (
    <Stack gap="5">
      {pending.length > 0 ? (
        <Stack gap="2" as="section" aria-labelledby="pending-transactions" data-testid="pending-orders">
          <Text id="pending-transactions" fontWeight="semibold" fontSize="lg">
            Pending transactions
          </Text>
          {held > 0 ? (
            <Text fontSize="sm" color="fg.muted" data-testid="held-cash">
              Held for open bids: {formatMoney(held.toFixed(2))}
            </Text>
          ) : null}
          {pending.map((o) => (
            <HStack key={o.id} justify="space-between" {...row} data-testid="pending-order">
              <Text>
                {o.side === 'BID' ? 'Bid' : 'Ask'} {o.ticker} · {o.units.unfilled} × {formatMoney(o.pricing.unit)}
                <Text as="span" color="fg.muted" fontSize="sm" display="block">
                  {o.status === 'PENDING_CANCEL' ? 'Pending Cancel' : o.status.replace(/_/g, ' ').toLowerCase()}
                </Text>
              </Text>
              <Link asChild fontSize="sm">
                <RouterLink to={`/app/orders?asset=${o.asset}`}>View</RouterLink>
              </Link>
            </HStack>
          ))}
        </Stack>
      ) : null}
      {trading.error ? (
        <Text role="alert" fontSize="sm" color="red.600">
          Your orders could not be loaded. We will keep trying.
        </Text>
      ) : null}
    </Stack>
  )
}
