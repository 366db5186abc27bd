/** An asset's page (spec doc 1 §2, doc 3 §2.1): its image beside its six slides (features/assets/page/AssetSlides), keyed by the
 * asset so a new asset starts at the main slide with the old one's popups closed. */
import { Badge, Box, Grid, HStack, Link, Stack } from '@chakra-ui/react'
import { useEffect } from 'react'
import { Link as RouterLink } from 'react-router'
import type { Asset, Category } from '../../../api/types'
import { useCatalogue } from '../catalogue/catalogueContext'
import { ChevronLeftIcon } from '../../../ui/icons'
import { AssetSlides } from '../page/AssetSlides'
import { OPEN_ICO } from '../../../domain/assetStatus'
import { AssetImage } from './AssetImage'

export function AssetDetail({ asset, category }: { asset: Asset; category: Category | undefined }) {
  const { setActiveAssetId, markOpened } = useCatalogue()

  useEffect(() => {
    setActiveAssetId(asset.id)
    if (asset.asset_status === OPEN_ICO) markOpened(asset.id)
    document.title = `${asset.ticker} ${asset.display_name} · Vitrine`
    return () => setActiveAssetId(null)
  }, [asset.id, asset.asset_status, asset.ticker, asset.display_name, setActiveAssetId, markOpened])

  return (
    <Stack gap="6" data-testid="asset-detail">
      {category ? (
        <HStack gap="3">
          <Link asChild hideFrom="md" color="fg.muted" fontSize="sm">
            <RouterLink to={`/app/assets/${category.pathname}`}>
              <ChevronLeftIcon boxSize="4" /> {category.title}
            </RouterLink>
          </Link>
          <Badge variant="subtle" colorPalette="gray" borderRadius="full" px="2.5" hideBelow="md">
            <Box as="span" boxSize="2" borderRadius="full" bg={category.color} />
            {category.title}
          </Badge>
        </HStack>
      ) : null}
      <Grid templateColumns={{ base: '1fr', lg: '5fr 6fr' }} gap={{ base: '6', lg: '8' }} alignItems="start">
        <AssetImage asset={asset} size="full" radius="2xl" variant="home" />
        <AssetSlides key={asset.id} asset={asset} />
      </Grid>
    </Stack>
  )
}
