/** A home banner (spec doc 3 §2.4): image, header, subheader, its call to action (a link or an asset) and a close button. */
import { Box, Button, CloseButton, Heading, Image, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import type { Asset, HomeBanner } from '../../api/types'
import { useCatalogue } from '../assets/catalogue/catalogueContext'
import { canOpen } from '../../domain/assetStatus'
import { assetPath } from '../../domain/categories'

interface Props {
  banner: HomeBanner
  assetOf: (id: number | null) => Asset | undefined
  onClose: () => void
}

function CallToAction({ banner, assetOf }: Omit<Props, 'onClose'>) {
  const { categories } = useCatalogue()
  const cta = banner.callToAction
  if (!cta.enabled) return null
  if (cta.referenceType === 'ASSET') {
    const asset = assetOf(cta.assetId)
    if (!asset || !canOpen(asset)) return null
    return (
      <Button asChild size="sm" colorPalette="brand" alignSelf="flex-start">
        <RouterLink to={assetPath(categories, asset)}>{cta.text}</RouterLink>
      </Button>
    )
  }
  if (!cta.url) return null
  const internal = cta.url.startsWith('/')
  return (
    <Button asChild size="sm" colorPalette="brand" alignSelf="flex-start">
      {internal ? <RouterLink to={cta.url}>{cta.text}</RouterLink> : <a href={cta.url} target="_blank" rel="noreferrer">{cta.text}</a>}
    </Button>
  )
}

export function HomeBannerCard({ banner, assetOf, onClose }: Props) {
  return (
    <Box as="article" position="relative" borderRadius="2xl" overflow="hidden" bg="white" boxShadow="sm" data-testid="home-banner"
      display="flex" flexDirection={{ base: 'column', md: 'row' }} aria-labelledby={`banner-${banner.id}`}>
      <Box position="relative" w={{ base: 'full', md: '40%' }} h={{ base: '36', md: 'auto' }} minH={{ md: '40' }} flexShrink={0} bg="ink.100">
        <Image src={banner.imageLink} alt="" position="absolute" inset="0" w="full" h="full" objectFit="cover" />
      </Box>
      <Stack gap="2" p={{ base: '4', md: '6' }} pr={{ base: '12', md: '14' }} flex="1" justify="center">
        <Heading as="h2" id={`banner-${banner.id}`} size={{ base: 'md', md: 'lg' }} fontFamily="heading">
          {banner.header}
        </Heading>
        <Text color="fg.muted">{banner.subheader}</Text>
        <CallToAction banner={banner} assetOf={assetOf} />
      </Stack>
      <CloseButton size="sm" position="absolute" top="2" right="2" bg="whiteAlpha.800" aria-label={`Close banner: ${banner.header}`} onClick={onClose} />
    </Box>
  )
}
