/** Home (spec doc 1 §2): search, featured assets from /api/client-screens/home and the category tiles. */
import { Box, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useUser } from '../account/userContext'
import { homeScreenQuery } from '../api/queries'
import type { Asset } from '../api/types'
import { useCatalogue } from '../catalogue/catalogueContext'
import { AssetListItem } from '../components/AssetListItem'
import { CategoryTiles } from '../components/CategoryTiles'
import { SearchBox } from '../components/SearchBox'
import { SpecialAccessSplash } from '../components/SpecialAccessSplash'
import { Page } from '../ui/Page'

export function HomePage() {
  const { user } = useUser()
  const { assets, status } = useCatalogue()
  const home = useQuery(homeScreenQuery())
  const featuredIds = home.data ? home.data.assets.map((a) => a.id) : home.isError ? [] : null

  // featured assets come from the home screen; their live state from the catalogue
  const featured: Asset[] = (featuredIds ?? []).map((id) => assets.find((a) => a.id === id)).filter((a): a is Asset => a !== undefined)
  const name = user?.first_name?.trim()

  return (
    <Page title="Home" hideTitle>
      <Stack gap={{ base: '6', md: '10' }}>
        <Stack gap="4">
          <Box>
            <Text fontSize="sm" color="gold.fg" fontWeight="semibold" letterSpacing="0.12em" textTransform="uppercase">
              {name ? `Welcome, ${name}` : 'Welcome to Vitrine'}
            </Text>
            <Heading as="h1" fontFamily="heading" size={{ base: '2xl', md: '4xl' }} fontWeight="medium" mt="1">
              Invest in the extraordinary
            </Heading>
          </Box>
          <SearchBox />
        </Stack>
        <Stack as="section" gap="4" aria-labelledby="categories-heading">
          <Heading as="h2" id="categories-heading" size="lg" fontFamily="heading">
            Categories
          </Heading>
          <CategoryTiles />
        </Stack>
        <Stack as="section" gap="4" aria-labelledby="featured-heading">
          <Heading as="h2" id="featured-heading" size="lg" fontFamily="heading">
            Featured assets
          </Heading>
          {featuredIds === null || status === 'loading' ? (
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} h="20" borderRadius="xl" />
              ))}
            </SimpleGrid>
          ) : featured.length === 0 ? (
            <Text color="fg.muted">No featured assets right now — browse a category above.</Text>
          ) : (
            <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2 }} gap="2">
              {featured.map((asset) => (
                <li key={asset.id}>
                  <AssetListItem asset={asset} />
                </li>
              ))}
            </SimpleGrid>
          )}
        </Stack>
      </Stack>
      <SpecialAccessSplash />
    </Page>
  )
}
