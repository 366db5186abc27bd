/**
 * The five categories as coloured tiles with their asset count and new-offering dot. While the asset list is still
 * loading a tile says so instead of a count: "0 assets" would be a false statement about the catalogue.
 */
import { Box, SimpleGrid, Skeleton, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { useCatalogue } from '../assets/catalogue/catalogueContext'
import { NotificationDot } from '../../ui/NotificationDot'

export function CategoryTiles() {
  const { categories, assets, dots, status } = useCatalogue()
  return (
    <SimpleGrid as="ul" alignItems="stretch" listStyleType="none" columns={{ base: 2, md: 5 }} gap="3">
      {categories.map((c) => {
        const count = assets.filter((a) => a.category === c.key).length
        return (
          <li key={c.key}>
            <RouterLink to={`/app/assets/${c.pathname}`} data-testid="category-tile" style={{ display: 'block', height: '100%' }}>
              <Box
                position="relative"
                bg={c.color}
                color="white"
                borderRadius="xl"
                p="4"
                minH="24"
                h="full"
                display="flex"
                flexDirection="column"
                justifyContent="space-between"
                transition="transform 0.15s, box-shadow 0.15s"
                _hover={{ transform: 'translateY(-2px)', boxShadow: 'md' }}
                backgroundImage="linear-gradient(135deg, rgba(255,255,255,0.16), rgba(0,0,0,0.12))"
              >
                <Text fontFamily="heading" fontSize="lg" fontWeight="semibold" lineHeight="short">
                  {c.title}
                </Text>
                {status === 'ready' ? (
                  <Text fontSize="xs" opacity={0.85} data-testid="category-count">
                    {count} {count === 1 ? 'asset' : 'assets'}
                  </Text>
                ) : status === 'loading' ? (
                  <Skeleton height="3" width="16" opacity={0.5} aria-label="Counting assets" />
                ) : null}
                {dots.has(c.key) ? <NotificationDot top="3" right="3" /> : null}
              </Box>
            </RouterLink>
          </li>
        )
      })}
    </SimpleGrid>
  )
}
