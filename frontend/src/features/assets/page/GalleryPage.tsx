/** /app/gallery?asset=ID (spec doc 3 §2.1): the asset's media by order; each opens in a lightbox (previous / next,
 * Esc). On mobile, an asset with a Snap link shows 'TAP TO UNLOCK IN SNAP'. */
import { Box, Button, Image, SimpleGrid } from '@chakra-ui/react'
import { useState } from 'react'
import { useIsMobile } from '../../../ui/useIsMobile'
import { Page } from '../../../ui/Page'
import { AssetHeader } from './AssetHeader'
import { Lightbox } from './Lightbox'
import { useAssetPage } from './useAssetPage'

export const SNAP_UNLOCK = 'TAP TO UNLOCK IN SNAP'

export function GalleryPage() {
  const { page, failed } = useAssetPage()
  const isMobile = useIsMobile()
  const [index, setIndex] = useState<number | null>(null)
  const media = [...(page?.asset_media ?? [])].sort((a, b) => a.order - b.order)
  return (
    <Page title={page ? `${page.ticker} gallery` : 'Gallery'} hideTitle>
      <AssetHeader page={page} failed={failed} />
      {isMobile && page?.snapchat_deeplink_url ? (
        <Button asChild colorPalette="yellow" w="full" mb="4">
          <a href={page.snapchat_deeplink_url}>{SNAP_UNLOCK}</a>
        </Button>
      ) : null}
      <SimpleGrid columns={{ base: 2, md: 3 }} gap="3" as="ul" listStyleType="none">
        {media.map((m, i) => (
          <li key={`${m.order}-${m.file}`}>
            <Box as="button" w="full" onClick={() => setIndex(i)} aria-label={`Open ${m.type} ${i + 1} of ${media.length}`} borderRadius="lg" overflow="hidden" cursor="zoom-in">
              <Image src={m.type === 'video' ? (m.thumbnail ?? '') : m.file} alt="" aspectRatio={1} objectFit="cover" w="full" />
            </Box>
          </li>
        ))}
      </SimpleGrid>
      <Lightbox items={media} index={index} title={page?.display_name ?? ''} onIndex={setIndex} onClose={() => setIndex(null)} />
    </Page>
  )
}
