/** An asset's page (spec doc 1 §2, §3): images, name, ticker, price, status line, description, offering dates, notify toggle. */
import { Badge, Box, Flex, Grid, Heading, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useEffect } from 'react'
import { Link as RouterLink } from 'react-router'
import type { Asset, Category } from '../api/types'
import { useCatalogue } from '../catalogue/catalogueContext'
import { displayPrice, OPEN_ICO } from '../domain/assetStatus'
import { formatAmountShort, formatMoney } from '../domain/money'
import { ChevronLeftIcon } from '../ui/icons'
import { AssetImage } from './AssetImage'
import { InvestButton } from './InvestButton'
import { marketMode } from '../trading/marketState'
import { TradeButtons } from '../trading/TradeButtons'
import { StatusText } from './StatusText'

function formatDate(value: string | null | undefined): string | null {
  if (!value) return null
  const d = new Date(value)
  return Number.isNaN(d.getTime()) ? null : d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' })
}

function Fact({ label, value }: { label: string; value: string | null }) {
  if (value === null) return null
  return (
    <Box>
      <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="0.06em">
        {label}
      </Text>
      <Text fontWeight="semibold">{value}</Text>
    </Box>
  )
}

export function AssetDetail({ asset, category }: { asset: Asset; category: Category | undefined }) {
  const { accessTypeFor, setActiveAssetId, markOpened } = useCatalogue()

  useEffect(() => {
    setActiveAssetId(asset.id)
    if (asset.asset_status === OPEN_ICO) markOpened(asset.id)
    document.title = `${asset.ticker} ${asset.display_name} · Vitrine`
    return () => setActiveAssetId(null)
  }, [asset.id, asset.asset_status, asset.ticker, asset.display_name, setActiveAssetId, markOpened])

  return (
    <Stack gap="6" data-testid="asset-detail">
      {category ? (
        <Link asChild hideFrom="md" color="fg.muted" fontSize="sm" alignSelf="flex-start">
          <RouterLink to={`/app/assets/${category.pathname}`}>
            <ChevronLeftIcon boxSize="4" /> {category.title}
          </RouterLink>
        </Link>
      ) : null}
      <Grid templateColumns={{ base: '1fr', lg: '5fr 6fr' }} gap={{ base: '6', lg: '8' }} alignItems="center">
        <AssetImage asset={asset} size="full" radius="2xl" variant="home" />
        <Stack gap="5">
          <Stack gap="2">
            <HStack gap="2">
              {category ? (
                <Badge variant="subtle" colorPalette="gray" borderRadius="full" px="2.5">
                  <Box as="span" boxSize="2" borderRadius="full" bg={category.color} />
                  {category.title}
                </Badge>
              ) : null}
              <Text fontWeight="bold" letterSpacing="0.04em" data-testid="asset-ticker">
                {asset.ticker}
              </Text>
            </HStack>
            <Heading as="h1" fontFamily="heading" size={{ base: '2xl', md: '3xl' }} fontWeight="semibold">
              {asset.display_name}
            </Heading>
            <Flex align="baseline" gap="2">
              <Text fontSize="2xl" fontWeight="bold">
                {formatMoney(displayPrice(asset))}
              </Text>
              <Text color="fg.muted" fontSize="sm">
                per share
              </Text>
            </Flex>
            <Box maxW="sm">
              <StatusText asset={asset} accessType={accessTypeFor(asset.id)} />
            </Box>
          </Stack>
          {marketMode(asset) === 'none' ? <InvestButton asset={asset} /> : <TradeButtons asset={asset} />}
        </Stack>
      </Grid>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="4" bg="white" borderRadius="xl" borderWidth="1px" borderColor="border.muted" p="4">
        <Fact label="Asset value" value={asset.asset_value ? formatAmountShort(asset.asset_value) : null} />
        <Fact label="Shares" value={asset.number_of_shares !== undefined ? asset.number_of_shares.toLocaleString('en-US') : null} />
        <Fact label="Offering starts" value={formatDate(asset.offering_starts)} />
        <Fact label="Offering ends" value={formatDate(asset.offering_ends)} />
      </SimpleGrid>
      {asset.description ? (
        <Stack gap="2" as="section" aria-label="About this asset">
          <Heading as="h2" size="md" fontFamily="heading">
            About this asset
          </Heading>
          <Text color="fg.muted" whiteSpace="pre-line" lineHeight="tall">
            {asset.description}
          </Text>
        </Stack>
      ) : null}
    </Stack>
  )
}
