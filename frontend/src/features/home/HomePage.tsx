/**
 * Home (spec doc 3 §2.4, doc 1 §2): the greeting and search, the banners (closable; a closed one shows again when its
 * subheader changes), the highlight heroes, the carousels, the categories and the calendar link when the feature is
 * on, the introduction to instant trading's link when the atsCards flag gives cards (and its start-up check: the cards
 * open by themselves when due, doc 1 "App start-up") — the sections from /api/client-screens/home, each asset's live
 * state from the catalogue.
 */
import { Box, Button, Flex, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { Link as RouterLink, useLocation, useNavigate } from 'react-router'
import { useUser } from '../../app/account/userContext'
import { homeScreenQuery } from '../../api/queries'
import type { Asset } from '../../api/types'
import { useCatalogue } from '../assets/catalogue/catalogueContext'
import { AssetCarousel } from '../assets/components/AssetCarousel'
import { CategoryTiles } from './CategoryTiles'
import { HighlightHero } from './HighlightHero'
import { HomeBannerCard } from './HomeBannerCard'
import { SearchBox } from '../assets/components/SearchBox'
import { SpecialAccessSplash } from '../assets/components/SpecialAccessSplash'
import { closeBanner, closedSubheaders, openBanners } from './homeBanners'
import { CALENDAR_PATH } from '../../app/shell/navigation'
import { ATS_PATH, cardsDue, cardsForFlag, type AtsState } from '../trading/atsCards'
import { Page } from '../../ui/Page'
import { SkeletonSections } from '../../ui/SkeletonSections'

/** Doc 1 "App start-up": the introduction to instant trading opens by itself when its cards are due (atsCards.ts). */
function useAtsStartUpCheck(flag: number | undefined): void {
  const { user } = useUser()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const userId = user?.id ?? null
  const openWhenDue = useEffectEvent((known: number, id: number) => {
    const state: AtsState = { from: pathname }
    if (cardsDue(known, id, localStorage, Date.now()).length > 0) navigate(ATS_PATH, { state })
  })
  // checked once the flag and the user are known (not again on a move to another page)
  useEffect(() => {
    if (flag !== undefined && userId !== null) openWhenDue(flag, userId)
  }, [flag, userId])
}

function Sections() {
  const { assets } = useCatalogue()
  const home = useQuery(homeScreenQuery())
  const { pathname } = useLocation()
  useAtsStartUpCheck(home.data?.features.atsCards)
  const [closed, setClosed] = useState(() => closedSubheaders(localStorage))
  const top = useRef<HTMLDivElement>(null) // where the keyboard's focus goes when the banner holding it closes

  if (home.isPending) {
    return <SkeletonSections label="Loading" lead="40" card="48" cardRadius="2xl" columns={{ base: 1, md: 3 }} />
  }
  if (home.isError) {
    return (
      <Stack gap="3" align="flex-start" role="alert">
        <Text>We could not load the home screen. Please try again.</Text>
        <Button size="sm" colorPalette="brand" onClick={() => void home.refetch()} loading={home.isFetching}>
          Try again
        </Button>
      </Stack>
    )
  }

  const { sections, features } = home.data
  const introduction = cardsForFlag(features.atsCards).length > 0
  // the live state from the catalogue; the home answer's copy until the catalogue has the asset
  const assetOf = (id: number | null): Asset | undefined =>
    id === null ? undefined : (assets.find((a) => a.id === id) ?? home.data.assets.find((a) => a.id === id))
  const banners = openBanners(sections.banners, closed)
  const close = (subheader: string) => {
    closeBanner(localStorage, subheader)
    setClosed(closedSubheaders(localStorage))
    top.current?.focus()
  }

  return (
    <Stack gap={{ base: '6', md: '10' }} ref={top} tabIndex={-1} outline="none">
      {banners.length > 0 && (
        <Stack as="section" gap="3" aria-label="Announcements">
          {banners.map((b) => (
            <HomeBannerCard key={b.id} banner={b} assetOf={assetOf} onClose={() => close(b.subheader)} />
          ))}
        </Stack>
      )}
      {(features.calendar.enabled || introduction) && (
        <Flex gap="6" wrap="wrap">
          {features.calendar.enabled && (
            <Link asChild color="gold.fg" fontWeight="semibold" data-testid="calendar-link">
              <RouterLink to={CALENDAR_PATH}>Trading calendar</RouterLink>
            </Link>
          )}
          {introduction && (
            <Link asChild color="gold.fg" fontWeight="semibold" data-testid="ats-link">
              <RouterLink to={ATS_PATH} state={{ from: pathname } satisfies AtsState}>
                How instant trading works
              </RouterLink>
            </Link>
          )}
        </Flex>
      )}
      {sections.highlights.length > 0 && (
        <Stack as="section" gap="4" aria-labelledby="highlights-heading">
          <Heading as="h2" id="highlights-heading" size="lg" fontFamily="heading">
            Highlights
          </Heading>
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 3 }} gap="3">
            {sections.highlights.map((h) => {
              const asset = assetOf(h.assetId)
              return asset ? (
                <li key={h.assetId}>
                  <HighlightHero highlight={h} asset={asset} />
                </li>
              ) : null
            })}
          </SimpleGrid>
        </Stack>
      )}
      {sections.carousels.map((c) => {
        const items = c.assetIds.map(assetOf).filter((a): a is Asset => a !== undefined)
        return items.length === 0 ? null : (
          <Stack as="section" key={c.id} gap="2" aria-labelledby={`carousel-${c.id}`} data-testid="home-carousel">
            <Heading as="h2" id={`carousel-${c.id}`} size="lg" fontFamily="heading">
              {c.title}
            </Heading>
            <Box mx="-4">
              <AssetCarousel assets={items} label={c.title} />
            </Box>
          </Stack>
        )
      })}
    </Stack>
  )
}

export function HomePage() {
  const { user } = useUser()
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
        <Sections />
        <Stack as="section" gap="4" aria-labelledby="categories-heading">
          <Heading as="h2" id="categories-heading" size="lg" fontFamily="heading">
            Categories
          </Heading>
          <CategoryTiles />
        </Stack>
      </Stack>
      <SpecialAccessSplash />
    </Page>
  )
}
