/** The sub-pages' asset header: ticker and name, with the way back to the asset. */
import { Heading, Link, Skeleton, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import type { AssetPage } from '../../../api/types'
import { useCatalogue } from '../catalogue/catalogueContext'
import { assetPath } from '../../../domain/categories'
import { ChevronLeftIcon } from '../../../ui/icons'

export function AssetHeader({ page, failed }: { page: AssetPage | undefined; failed: boolean }) {
  const { categories } = useCatalogue()
  if (failed) return <Text color="fg.muted">This asset is not available.</Text>
  if (!page) return <Skeleton h="16" borderRadius="lg" />
  return (
    <Stack gap="1" mb="6">
      <Link asChild color="fg.muted" fontSize="sm" alignSelf="flex-start">
        <RouterLink to={assetPath(categories, page)}>
          <ChevronLeftIcon boxSize="4" /> Back to the asset
        </RouterLink>
      </Link>
      <Text fontWeight="bold" letterSpacing="0.04em" data-testid="asset-ticker">
        {page.ticker}
      </Text>
      <Heading as="h1" fontFamily="heading" size="2xl" fontWeight="semibold">
        {page.display_name}
      </Heading>
    </Stack>
  )
}
