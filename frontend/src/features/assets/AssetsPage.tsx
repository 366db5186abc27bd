/**
 * /app/assets, /app/assets/:category and /app/assets/:category/:ticker (spec doc 1 §2).
 * Desktop: the list beside the open asset. Mobile: the list (carousel or list view) or the open asset alone.
 */
import { Box, Button, Grid, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react'
import { Navigate, useLocation, useParams } from 'react-router'
import { useCatalogue } from './catalogue/catalogueContext'
import { AssetCarousel } from './components/AssetCarousel'
import { AssetDetail } from './components/AssetDetail'
import { AssetListItem } from './components/AssetListItem'
import { SearchBox } from './components/SearchBox'
import { SpecialAccessSplash } from './components/SpecialAccessSplash'
import { staggerDelay } from './assetCard'
import { canOpen, sameTicker } from '../../domain/assetStatus'
import { categoryByPathname } from '../../domain/categories'
import { useIsMobile } from '../../ui/useIsMobile'
import { usePreloadImages } from './usePreloadImages'
import { showsViewToggle } from '../../app/shell/navigation'
import { useViewMode } from './viewMode'
import { ViewToggle } from './components/ViewToggle'
import { Page } from '../../ui/Page'

/** On mobile each list item fades and slides in 0.05 s after the one before it (none when motion is reduced). */
function staggered(index: number) {
  return {
    animationName: 'fade-in, slide-from-bottom',
    animationDuration: '0.3s',
    animationTimingFunction: 'ease-out',
    animationFillMode: 'both',
    animationDelay: staggerDelay(index),
    _motionReduce: { animation: 'none' },
    'data-stagger': staggerDelay(index),
  }
}

export function AssetsPage() {
  const params = useParams()
  const { categories, assets, status, reload } = useCatalogue()
  const isMobile = useIsMobile()
  const [view] = useViewMode()
  const { pathname } = useLocation()

  const category = categoryByPathname(categories, params.category)
  const list = category ? assets.filter((a) => a.category === category.key) : assets
  const asset = params.ticker ? assets.find((a) => sameTicker(a.ticker, params.ticker ?? '')) : undefined
  // the open asset's neighbours in the list: their images ready for the next one opened
  usePreloadImages(list, asset ? list.indexOf(asset) : -1)
  if (params.category && !category && status === 'ready') return <Navigate to="/app/assets" replace />
  if (asset && !canOpen(asset)) return <Navigate to={category ? `/app/assets/${category.pathname}` : '/app/assets'} replace />

  const title = category?.title ?? 'All assets'
  const detail = params.ticker ? (
    asset ? (
      <AssetDetail asset={asset} category={categories.find((c) => c.key === asset.category)} />
    ) : status === 'loading' ? (
      <Skeleton h="96" borderRadius="2xl" />
    ) : (
      <Text color="fg.muted">This asset is not available.</Text>
    )
  ) : null

  const header = (
    <Stack gap="4">
      <HStack justify="space-between" align="center">
        <HStack gap="3">
          {category ? <Box boxSize="3" borderRadius="full" bg={category.color} aria-hidden="true" /> : null}
          <Heading as={params.ticker ? 'p' : 'h1'} fontFamily="heading" size="2xl" fontWeight="semibold">
            {title}
          </Heading>
        </HStack>
        {isMobile && showsViewToggle(pathname) ? <ViewToggle /> : null}
      </HStack>
      <SearchBox />
      <Text fontSize="sm" color="fg.muted">
        {status === 'ready' ? `${list.length} ${list.length === 1 ? 'asset' : 'assets'}` : '\u00a0'}
      </Text>
    </Stack>
  )

  const listing =
    status === 'error' ? (
      <Stack gap="3" align="flex-start" role="alert">
        <Text color="fg.muted">We could not load the assets.</Text>
        <Button size="sm" variant="outline" onClick={() => void reload().catch(() => undefined)}>
          Try again
        </Button>
      </Stack>
    ) : status === 'loading' ? (
      <Stack gap="2">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h="20" borderRadius="xl" />
        ))}
      </Stack>
    ) : list.length === 0 ? (
      <Text color="fg.muted">No assets in this category yet.</Text>
    ) : isMobile && view === 'carousel' ? (
      <Box mx="-4">
        <AssetCarousel assets={list} label={`${title} assets`} />
      </Box>
    ) : (
      <Stack as="ul" listStyleType="none" gap="1" aria-label={`${title} assets`}>
        {list.map((a, i) => (
          <Box as="li" key={a.id} {...(isMobile ? staggered(i) : {})}>
            <AssetListItem asset={a} selected={asset?.id === a.id} />
          </Box>
        ))}
      </Stack>
    )

  if (isMobile) {
    return (
      <Page title={asset ? asset.display_name : title} hideTitle>
        {detail ?? (
          <Stack gap="4">
            {header}
            {listing}
          </Stack>
        )}
        <SpecialAccessSplash />
      </Page>
    )
  }

  return (
    <Page title={asset ? asset.display_name : title} hideTitle maxW="7xl">
      <Grid templateColumns="minmax(320px, 400px) 1fr" gap="10" alignItems="start">
        <Stack gap="4" pb="4">
          {header}
          {listing}
        </Stack>
        <Box minW="0">{detail ?? <ChooseAsset title={title} />}</Box>
      </Grid>
      <SpecialAccessSplash />
    </Page>
  )
}

function ChooseAsset({ title }: { title: string }) {
  return (
    <Stack
      gap="2"
      align="center"
      justify="center"
      textAlign="center"
      minH="md"
      borderRadius="2xl"
      borderWidth="1px"
      borderStyle="dashed"
      borderColor="border.emphasized"
      p="10"
    >
      <Heading as="h2" size="lg" fontFamily="heading">
        {title}
      </Heading>
      <Text color="fg.muted" maxW="sm">
        Choose an asset from the list to see its details, status and offering dates.
      </Text>
    </Stack>
  )
}
