/** /app/ats/{live-trading|instant-buy|post-only}: the introduction cards (spec doc 2 §2.6); skipped when none apply. */
import { Button, Heading, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { Navigate, useLocation, useNavigate, useParams } from 'react-router'
import { useUser } from '../account/userContext'
import { homeScreenQuery } from '../api/queries'
import { Page } from '../ui/Page'
import { CARD_TEXT, cardsToShow, recordShown, type AtsCard } from './atsCards'

interface AtsState {
  shouldShow?: boolean
  from?: string
}

export function AtsPage() {
  const { user } = useUser()
  const navigate = useNavigate()
  const location = useLocation()
  const { '*': step = '' } = useParams()
  const state = (location.state as AtsState | null) ?? {}
  const home = useQuery({ ...homeScreenQuery(), retry: false })
  const flag: unknown = home.data ? ((home.data.features as Record<string, unknown> | undefined)?.atsCards ?? 0) : home.isError ? 0 : null
  const cards = useMemo<AtsCard[]>(
    () => (flag === null || !user ? [] : cardsToShow(flag, state.shouldShow === true, user.id, localStorage, Date.now())),
    // computed once the flag is known: recording a show must not hide the cards being shown
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [flag, user?.id],
  )
  useEffect(() => {
    if (cards.length > 0 && user) recordShown(localStorage, user.id, Date.now())
  }, [cards, user])
  const done = state.from ?? '/app'
  if (flag === null) return null
  if (cards.length === 0) return <Navigate to={done} replace />
  const at = Math.max(0, cards.indexOf(step as AtsCard))
  const card = cards[at] as AtsCard
  const last = at === cards.length - 1
  return (
    <Page title="Instant trading">
      <Stack gap="4" maxW="md" bg="white" borderRadius="2xl" borderWidth="1px" p="6" data-testid={`ats-card-${card}`}>
        <Heading as="h2" size="lg">
          {CARD_TEXT[card].title}
        </Heading>
        <Text>{CARD_TEXT[card].body}</Text>
        <Button
          colorPalette="brand"
          alignSelf="flex-start"
          onClick={() => (last ? navigate(done) : navigate(`/app/ats/${cards[at + 1]}`, { state }))}
        >
          {last ? 'Explore' : 'Continue'}
        </Button>
      </Stack>
    </Page>
  )
}
