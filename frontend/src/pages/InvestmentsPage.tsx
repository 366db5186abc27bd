/** My Portfolio: the cash balance and investments from the financial endpoints (spec doc 1 §7 "Other reads"). */
import { Button, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { getBalance, getInvestments } from '../api/endpoints'
import type { Balance } from '../api/types'
import { formatMoney } from '../domain/money'
import { useSession } from '../session/useSession'
import { trackJob } from '../ui/loaderStore'
import { Page, Panel } from '../ui/Page'

type State = { status: 'loading' } | { status: 'ready'; balance: Balance; investments: unknown[] } | { status: 'error' }

export function InvestmentsPage() {
  const { userId } = useSession()
  const [state, setState] = useState<State>({ status: 'loading' })

  useEffect(() => {
    if (userId === null) return undefined
    let live = true
    trackJob(Promise.all([getBalance(userId), getInvestments(userId)])).then(
      ([balance, investments]) => live && setState({ status: 'ready', balance, investments }),
      () => live && setState({ status: 'error' }),
    )
    return () => {
      live = false
    }
  }, [userId])

  return (
    <Page title="My Portfolio" subtitle="Your cash balance and your shares.">
      {state.status === 'loading' ? (
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h="24" borderRadius="2xl" />
          ))}
        </SimpleGrid>
      ) : state.status === 'error' ? (
        <Text role="alert" color="fg.muted">
          We could not load your portfolio. Please try again later.
        </Text>
      ) : (
        <Stack gap="6">
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" data-testid="balance">
            {(
              [
                ['Total', state.balance.total],
                ['Cash', state.balance.cash],
                ['Investments', state.balance.investments],
                ['Pending', state.balance.pending],
              ] as const
            ).map(([label, value]) => (
              <Panel key={label} p="5">
                <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="0.06em">
                  {label}
                </Text>
                <Text fontSize="2xl" fontWeight="bold" mt="1">
                  {formatMoney(value)}
                </Text>
              </Panel>
            ))}
          </SimpleGrid>
          <Panel>
            {state.investments.length === 0 ? (
              <Stack gap="3" align="flex-start">
                <Text fontWeight="semibold">You have no investments yet.</Text>
                <Text color="fg.muted">When you buy shares in an asset, they will be listed here.</Text>
                <Button asChild colorPalette="brand" size="sm">
                  <RouterLink to="/app/assets">Browse assets</RouterLink>
                </Button>
              </Stack>
            ) : (
              <Text>{state.investments.length} investments</Text>
            )}
          </Panel>
        </Stack>
      )}
    </Page>
  )
}
