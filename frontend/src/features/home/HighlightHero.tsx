/** A highlight hero (spec doc 3 §2.4): the asset's image, its hero text by market state and an offering's progress text. */
import { Box, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import type { Asset, HomeHighlight } from '../../api/types'
import { useCatalogue } from '../assets/catalogue/catalogueContext'
import { assetPath } from '../../domain/categories'
import { homeRules } from '../../domain/rules.gen'
import { AssetImage } from '../assets/components/AssetImage'

export function HighlightHero({ highlight, asset }: { highlight: HomeHighlight; asset: Asset }) {
  const { categories } = useCatalogue()
  return (
    // named by its visible texts (hero text, ticker, name, progress): a label without the ticker hid what is shown
    <RouterLink to={assetPath(categories, asset)} data-testid="highlight" data-ticker={asset.ticker}>
      <Stack gap="3" bg="white" borderRadius="2xl" p="3" boxShadow="sm" h="full" _hover={{ boxShadow: 'md' }}>
        <Box position="relative">
          <AssetImage asset={asset} size="full" radius="xl" variant="home" aspect={16 / 9} />
          <Text position="absolute" left="2" bottom="2" bg="blackAlpha.700" color="white" fontSize="xs" fontWeight="bold"
            letterSpacing="0.08em" textTransform="uppercase" px="2" py="1" borderRadius="md">
            {highlight.heroText}
          </Text>
        </Box>
        <Stack gap="0">
          <Text fontWeight="bold">{asset.ticker}</Text>
          <Text fontSize="sm" color="fg.muted" lineClamp={1}>
            {asset.display_name}
          </Text>
        </Stack>
        {highlight.progressText && (
          <Text fontSize="sm" fontWeight="semibold" color={highlight.progressText === homeRules.SOLD_OUT ? 'fg.muted' : 'green.700'}>
            {highlight.progressText}
          </Text>
        )}
      </Stack>
    </RouterLink>
  )
}
