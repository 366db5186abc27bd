/**
 * /app/ats/{live-trading|instant-buy|post-only}: the introduction cards (spec doc 2 §2.6), opened by the home
 * screen's start-up check (when due: atsCards.ts), its link, the menu or the route typed; the cards the atsCards flag
 * gives, each showing counted; with none (flag 0) the page goes where it came from (default home).
 */
import { Button, Heading, Stack, Text } from '@chakra-ui/react'
import { useEffect, useMemo } from 'react'
import { Navigate, useLocation, useNavigate, useParams } from 'react-router'
import { useUser } from '../../app/account/userContext'
import { Page } from '../../ui/Page'
import { ATS_PATH, CARD_TEXT, cardsForFlag, recordShown, useAtsCardsFlag, type AtsCard, type AtsState } from './atsCards'

export function AtsPage() {
  const { user, failed } = useUser()
  const navigate = useNavigate()
  const location = useLocation()
  const { '*': step = '' } = useParams()
  const state = (location.state as AtsState | null) ?? {}
  const flag = useAtsCardsFlag()
  const cards = useMemo<AtsCard[]>(() => cardsForFlag(flag), [flag])
  const userId = user?.id ?? null
  useEffect(() => {
    if (cards.length > 0 && userId !== null) recordShown(localStorage, userId, Date.now())
  }, [cards, userId])
  const done = state.from ?? '/app/home'
  if (flag === null || (user === null && !failed)) return null // the flag and the user load
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
          onClick={() => (last ? navigate(done) : navigate(`${ATS_PATH}/${cards[at + 1]}`, { state }))}
        >
          {last ? 'Explore' : 'Continue'}
        </Button>
      </Stack>
    </Page>
  )
}
