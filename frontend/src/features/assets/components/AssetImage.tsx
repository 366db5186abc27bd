import { Box, Image } from '@chakra-ui/react'
import type { Asset } from '../../../api/types'
import { assetImageSrc } from '../assetCard'

/** The asset's image on its tertiary colour, or a coloured placeholder with the ticker. size 'full': full width, 4:3. */
interface Props {
  asset: Asset
  size: string
  radius?: string
  variant?: 'portal' | 'home'
  /** width / height when size is 'full' */
  aspect?: number | Record<string, number>
}

export function AssetImage({ asset, size, radius = 'lg', variant = 'portal', aspect = 4 / 3 }: Props) {
  const src = assetImageSrc(asset, variant)
  return (
    <Box
      {...(size === 'full' ? { w: 'full', aspectRatio: aspect } : { boxSize: size })}
      flexShrink={0} borderRadius={radius} overflow="hidden" bg={asset.tertiary_color ?? 'ink.100'} position="relative">
      {src ? (
        <Image src={src} alt={asset.display_name} loading="lazy" w="full" h="full" objectFit="cover" />
      ) : (
        <Box position="absolute" inset="0" display="flex" alignItems="center" justifyContent="center" color="white" fontWeight="bold" fontSize="xs" aria-hidden="true">
          {asset.ticker}
        </Box>
      )}
    </Box>
  )
}
