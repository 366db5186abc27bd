/**
 * My Portfolio's trading part (spec doc 3 §2.6, §4.2, §4.11): 'Pending transactions' (the pending orders, with the
 * cash held for open bids) and the shares held per asset from the positions (bought in offerings or filled orders).
 */
import { HStack, Link, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { useUser } from '../account/userContext'
import { useCatalogue } from '../catalogue/catalogueContext'
import { formatMoney } from '../domain/money'
import { isPending } from './orders'
import { useTrading } from './useTrading'

const row = { bg: 'white', borderWidth: '1px', borderColor: 'border.muted', borderRadius: 'lg', px: '4', py: '3' } as const

export function PortfolioTrading() {
  const { user } = useUser()
  const { assets } = useCatalogue()
  const trading = useTrading(user?.id ?? null, null, null)
  const pending = trading.orders.filter(isPending)
  const held = pending.filter((o) => o.side === 'BID').reduce((sum, o) => sum + o.units.unfilled * Number(o.pricing.unit), 0)
  const shares = trading.positions.filter((p) => p.units.total > 0)
  const nameOf = (assetId: number) => assets.find((a) => a.id === assetId)?.display_name ?? ''
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
      {shares.length > 0 ? (
        <Stack gap="2" as="section" aria-labelledby="my-shares" data-testid="positions">
          <Text id="my-shares" fontWeight="semibold" fontSize="lg">
            Shares held
          </Text>
          {shares.map((p) => (
            <HStack key={p.financialInstrument.id} justify="space-between" {...row} data-testid="position">
              <Text>
                {p.financialInstrument.ticker} {nameOf(p.financialInstrument.assetId)}
              </Text>
              <Text fontWeight="semibold">
                {p.units.total} {p.units.total === 1 ? 'share' : 'shares'}
              </Text>
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
