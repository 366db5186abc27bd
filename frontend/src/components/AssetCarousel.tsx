/** Mobile carousel of asset cards with scroll snapping. */
import { Box, Flex, HStack, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import type { Asset } from '../api/types'
import { useCatalogue } from '../catalogue/catalogueContext'
import { canOpen, displayPrice } from '../domain/assetStatus'
import { assetPath } from '../domain/categories'
import { formatMoney } from '../domain/money'
import { AssetImage } from './AssetImage'
import { StatusText } from './StatusText'

export function AssetCarousel({ assets }: { assets: readonly Asset[] }) {
  const { categories, accessTypeFor } = useCatalogue()
  return (
    <Flex as="ul" listStyleType="none" gap="4" overflowX="auto" px="4" pb="4" scrollSnapType="x mandatory" aria-label="Assets" css={{ scrollbarWidth: 'none' }}>
      {assets.map((asset) => {
        const card = (
          <Stack gap="3" bg="white" borderRadius="2xl" p="3" boxShadow="sm" opacity={canOpen(asset) ? 1 : 0.6}>
            <AssetImage asset={asset} size="full" radius="xl" variant="home" />
            <HStack justify="space-between">
              <Text fontWeight="bold">{asset.ticker}</Text>
              <Text fontWeight="semibold">{formatMoney(displayPrice(asset))}</Text>
            </HStack>
            <Text fontSize="sm" color="fg.muted" lineClamp={1}>
              {asset.display_name}
            </Text>
            <StatusText asset={asset} accessType={accessTypeFor(asset.id)} />
          </Stack>
        )
        return (
          <Box as="li" key={asset.id} flex="0 0 78%" scrollSnapAlign="center">
            {canOpen(asset) ? (
              <RouterLink to={assetPath(categories, asset)} data-testid="asset-item" data-ticker={asset.ticker}>
                {card}
              </RouterLink>
            ) : (
              <Box aria-disabled="true" data-testid="asset-item" data-ticker={asset.ticker}>
                {card}
              </Box>
            )}
          </Box>
        )
      })}
    </Flex>
  )
}
