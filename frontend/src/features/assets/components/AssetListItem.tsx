/** An asset in a list (spec doc 1 §2): image, ticker, price, name, status line and a selected bar. Exited assets cannot be opened. */
import { Box, Flex, HStack, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import type { Asset } from '../../../api/types'
import { useCatalogue } from '../catalogue/catalogueContext'
import { canOpen, displayPrice } from '../../../domain/assetStatus'
import { assetPath, categoryByKey } from '../../../domain/categories'
import { formatMoney } from '../../../domain/money'
import { AssetImage } from './AssetImage'
import { StatusText } from './StatusText'

export function AssetListItem({ asset, selected = false, onOpen }: { asset: Asset; selected?: boolean; onOpen?: () => void }) {
  const { categories, accessTypeFor } = useCatalogue()
  const color = categoryByKey(categories, asset.category)?.color ?? '#11151f'
  const openable = canOpen(asset)
  const body = (
    <Flex
      gap="3"
      align="center"
      p="3"
      pl="4"
      borderRadius="xl"
      bg={selected ? 'white' : 'transparent'}
      boxShadow={selected ? 'sm' : undefined}
      position="relative"
      overflow="hidden"
      opacity={openable ? 1 : 0.6}
      transition="background 0.15s"
      _hover={openable ? { bg: 'white' } : undefined}
    >
      <Box position="absolute" left="0" top="2" bottom="2" w="4px" borderRadius="full" bg={selected ? color : 'transparent'} data-testid={selected ? 'selected-bar' : undefined} />
      <AssetImage asset={asset} size="14" />
      <Stack gap="0.5" flex="1" minW="0">
        <HStack justify="space-between" gap="2">
          <Text fontWeight="bold" fontSize="sm" letterSpacing="0.02em">
            {asset.ticker}
          </Text>
          <Text fontWeight="semibold" fontSize="sm">
            {formatMoney(displayPrice(asset))}
          </Text>
        </HStack>
        <Text fontSize="sm" color="fg.muted" truncate>
          {asset.display_name}
        </Text>
        <StatusText asset={asset} accessType={accessTypeFor(asset.id)} />
      </Stack>
    </Flex>
  )
  if (!openable) {
    return (
      <Box aria-disabled="true" data-testid="asset-item" data-ticker={asset.ticker}>
        {body}
      </Box>
    )
  }
  return (
    <RouterLink to={assetPath(categories, asset)} aria-current={selected ? 'page' : undefined} data-testid="asset-item" data-ticker={asset.ticker} onClick={onOpen}>
      {body}
    </RouterLink>
  )
}
