/** The asset page's Quote, Description, Media and Timeline slides (spec doc 3 §2.1), from the asset detail read. */
import { Box, Button, Heading, HStack, Image, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import type { Asset, AssetPage } from '../../../api/types'
import { subPagePath } from './subPages'

function Loading() {
  return <Skeleton h="48" borderRadius="xl" />
}

export function formatDay(value: string): string {
  const d = new Date(`${value.slice(0, 10)}T00:00:00Z`)
  return Number.isNaN(d.getTime()) ? value : d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })
}

export function QuoteSlide({ page }: { page: AssetPage | undefined }) {
  if (!page) return <Loading />
  const quote = page.quote
  if (!quote) return <Text color="fg.muted">No quote for this asset yet.</Text>
  return (
    <Box as="figure" borderRadius="2xl" p={{ base: '6', md: '10' }} bgImage={`linear-gradient(rgba(0,0,0,.6), rgba(0,0,0,.6)), url(${quote.background_image})`} bgSize="cover" color="white">
      <Text as="blockquote" fontFamily="heading" fontSize={{ base: 'xl', md: '2xl' }} lineHeight="short">
        “{quote.quote}”
      </Text>
      <HStack as="figcaption" gap="3" mt="6">
        <Image src={quote.author_image} alt="" boxSize="12" borderRadius="full" objectFit="cover" />
        <Stack gap="0">
          <Text fontWeight="bold">{quote.author}</Text>
          <Text fontSize="sm" opacity={0.8}>
            {quote.author_description}
          </Text>
        </Stack>
      </HStack>
    </Box>
  )
}

export function DescriptionSlide({ asset }: { asset: Asset }) {
  return (
    <Stack gap="3" as="section" aria-label="About this asset">
      <Heading as="h2" size="md" fontFamily="heading">
        About this asset
      </Heading>
      <Text color="fg.muted" whiteSpace="pre-line" lineHeight="tall">
        {asset.description}
      </Text>
      <HStack gap="3" wrap="wrap">
        <Button asChild size="sm" variant="outline">
          <RouterLink to={subPagePath('details', asset.id)}>Details & documents</RouterLink>
        </Button>
        <Button asChild size="sm" variant="outline">
          <RouterLink to={subPagePath('legal', asset.id)}>Offering circular</RouterLink>
        </Button>
        <Button asChild size="sm" variant="ghost">
          <RouterLink to={subPagePath('chat', asset.id)}>Chat</RouterLink>
        </Button>
      </HStack>
    </Stack>
  )
}

export function MediaSlide({ asset, page }: { asset: Asset; page: AssetPage | undefined }) {
  if (!page) return <Loading />
  const media = [...page.asset_media].sort((a, b) => a.order - b.order)
  return (
    <Stack gap="3">
      <Heading as="h2" size="md" fontFamily="heading">
        Visuals
      </Heading>
      <SimpleGrid columns={{ base: 2, md: 3 }} gap="3">
        {media.map((m) => (
          <Image key={`${m.order}-${m.file}`} src={m.type === 'video' ? (m.thumbnail ?? '') : m.file} alt={m.type === 'video' ? 'Video' : asset.display_name} borderRadius="lg" aspectRatio={1} objectFit="cover" />
        ))}
      </SimpleGrid>
      <Button asChild alignSelf="flex-start" colorPalette="brand" size="sm">
        <RouterLink to={subPagePath('gallery', asset.id)}>Open the gallery</RouterLink>
      </Button>
    </Stack>
  )
}

export function TimelineSlide({ page }: { page: AssetPage | undefined }) {
  if (!page) return <Loading />
  return (
    <Stack gap="3">
      <Heading as="h2" size="md" fontFamily="heading">
        Timeline
      </Heading>
      <Stack as="ol" gap="3" listStyleType="none" borderStartWidth="2px" borderColor="border.emphasized" ps="4">
        {page.timeline_items.map((t) => (
          <li key={`${t.date}-${t.text}`}>
            <Text fontSize="xs" fontWeight="bold" color="fg.muted" textTransform="uppercase">
              {formatDay(t.date)}
            </Text>
            <Text>{t.text}</Text>
          </li>
        ))}
      </Stack>
    </Stack>
  )
}
