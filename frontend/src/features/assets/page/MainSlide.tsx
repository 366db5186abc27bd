/** The asset page's main slide (spec doc 3 §2.1): ticker, name, price with its shift, the status line with its
 * progress bar (features/assets/components/StatusText: 8 % minimum fill, warning colour from 75 %), days left, the status line, the early-access banner, the shares badge and the
 * buttons of the asset's state. */
import { Badge, Box, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useUser } from '../../../app/account/userContext'
import { positionsQuery } from '../../../api/queries'
import { financialAccountId } from '../../../api/trading'
import type { Asset } from '../../../api/types'
import { unitsOf, useLiveAsset } from '../../trading/useTrading'
import { useCatalogue } from '../catalogue/catalogueContext'
import { InvestButton } from '../../purchase/InvestButton'
import { StatusText } from '../components/StatusText'
import { daysLeft, earlyAccessBanner, formatShift, priceShift, sharesBadge } from '../assetPage'
import { CLOSED_ICO, COMING_SOON, displayPrice, OPEN_ICO } from '../../../domain/assetStatus'
import { currentMode } from '../../../domain/mode'
import { formatMoney } from '../../../domain/money'
import { marketMode } from '../../trading/marketState'
import { TradeButtons } from '../../trading/TradeButtons'

function useSharesOwned(assetId: number): number {
  const { user } = useUser()
  const accountId = financialAccountId(user)
  const positions = useQuery({ ...positionsQuery(accountId ?? ''), enabled: accountId !== null })
  return unitsOf(positions.data ?? [], assetId)
}

export function MainSlide({ asset: catalogued }: { asset: Asset }) {
  const asset = useLiveAsset(catalogued) // a traded asset's market and price as its trading stream tells them
  const { accessTypeFor } = useCatalogue()
  const access = accessTypeFor(asset.id)
  const price = displayPrice(asset)
  const issue = asset.trading?.pricing?.pricePerUnit?.issue ?? asset.ipo_price_per_share
  const shift = priceShift(price, issue)
  const offering = asset.asset_status === OPEN_ICO || asset.asset_status === COMING_SOON || asset.asset_status === CLOSED_ICO
  const badge = sharesBadge(useSharesOwned(asset.id))
  return (
    <Stack gap="4">
      {earlyAccessBanner(currentMode() === 'special', access) ? (
        <Box bg="purple.subtle" color="purple.fg" borderRadius="lg" px="4" py="2" fontWeight="semibold" data-testid="early-access-banner">
          Early access: you can invest before this offering opens to everyone.
        </Box>
      ) : null}
      <HStack gap="2" wrap="wrap">
        <Text fontWeight="bold" letterSpacing="0.04em" data-testid="asset-ticker">
          {asset.ticker}
        </Text>
        {badge ? (
          <Badge colorPalette="green" borderRadius="full" data-testid="shares-badge">
            {badge}
          </Badge>
        ) : null}
      </HStack>
      <Heading as="h1" fontFamily="heading" size={{ base: '2xl', md: '3xl' }} fontWeight="semibold">
        {asset.display_name}
      </Heading>
      <Flex align="baseline" gap="2" wrap="wrap">
        <Text fontSize="2xl" fontWeight="bold">
          {formatMoney(price)}
        </Text>
        <Text color="fg.muted" fontSize="sm">
          per share
        </Text>
        {shift !== null ? (
          <Text fontSize="sm" fontWeight="semibold" color={shift < 0 ? 'red.700' : shift > 0 ? 'green.700' : 'fg.muted'} data-testid="price-shift">
            {formatShift(shift)}
          </Text>
        ) : null}
      </Flex>
      <Flex gap="4" align="center" wrap="wrap">
        <Box maxW="sm">
          <StatusText asset={asset} accessType={access} />
        </Box>
        {offering ? (
          <Text fontSize="sm" color="fg.muted" data-testid="days-left">
            {daysLeft(asset, new Date())} days left
          </Text>
        ) : null}
      </Flex>
      {marketMode(asset) === 'none' ? <InvestButton asset={asset} /> : <TradeButtons asset={asset} />}
    </Stack>
  )
}
