/** The asset card (spec doc 3 §2.1 "Asset card"): ticker, price with its shift, image, name, the call to action
 * ('EXPLORE' or 'EXPLORE & INVEST', features/assets/assetCard) and the status line. An exited asset's card cannot be opened. */
import { Box, HStack, Stack, Text } from '@chakra-ui/react'
import type { Ref } from 'react'
import { Link as RouterLink } from 'react-router'
import type { Asset } from '../../../api/types'
import { useCatalogue } from '../catalogue/catalogueContext'
import { cardAction } from '../assetCard'
import { formatShift, priceShift } from '../assetPage'
import { canOpen, displayPrice } from '../../../domain/assetStatus'
import { assetPath } from '../../../domain/categories'
import { formatMoney } from '../../../domain/money'
import { marketMode } from '../../trading/marketState'
import { AssetImage } from './AssetImage'
import { StatusText } from './StatusText'

interface Props {
  asset: Asset
  /** false: out of the keyboard's order (a card beside the carousel's centre) */
  focusable?: boolean
  linkRef?: Ref<HTMLAnchorElement>
}

export function AssetCard({ asset, focusable = true, linkRef }: Props) {
  const { categories, accessTypeFor } = useCatalogue()
  const access = accessTypeFor(asset.id)
  const price = displayPrice(asset)
  const shift = priceShift(price, asset.trading?.pricing?.pricePerUnit?.issue ?? asset.ipo_price_per_share)
  const mode = marketMode(asset)
  const action = cardAction(asset, access, mode === 'live' || mode === 'post-only')
  const openable = canOpen(asset)
  const body = (
    <Stack gap="3" bg="white" borderRadius="2xl" p="3" boxShadow="sm" opacity={openable ? 1 : 0.6} h="full">
      <AssetImage asset={asset} size="full" radius="xl" variant="home" />
      <HStack justify="space-between" align="baseline" gap="2">
        <Text fontWeight="bold">{asset.ticker}</Text>
        <HStack gap="1.5" align="baseline">
          <Text fontWeight="semibold">{formatMoney(price)}</Text>
          {shift !== null && shift !== 0 ? (
            <Text fontSize="xs" fontWeight="semibold" color={shift < 0 ? 'red.700' : 'green.700'} data-testid="card-price-shift">
              {formatShift(shift)}
            </Text>
          ) : null}
        </HStack>
      </HStack>
      <Text fontSize="sm" color="fg.muted" lineClamp={1}>
        {asset.display_name}
      </Text>
      <StatusText asset={asset} accessType={access} />
      {openable ? (
        <Box
          alignSelf="flex-start" px="3" py="1.5" borderRadius="full" bg="ink.900" color="white" fontSize="xs"
          fontWeight="bold" letterSpacing="0.08em" data-testid="card-action">
          {action}
        </Box>
      ) : null}
    </Stack>
  )
  if (!openable) {
    return (
      <Box aria-disabled="true" data-testid="asset-item" data-ticker={asset.ticker} h="full">
        {body}
      </Box>
    )
  }
  return (
    <RouterLink
      to={assetPath(categories, asset)}
      ref={linkRef}
      tabIndex={focusable ? undefined : -1}
      data-testid="asset-item"
      data-ticker={asset.ticker}
      style={{ display: 'block', height: '100%' }}
    >
      {body}
    </RouterLink>
  )
}
