/**
 * /app/investments-calendar (spec doc 3 §2.5): two tabs — initial offerings (coming soon, available) and trading
 * (live, post-only) — of the assets this investor may see, bucketed and ordered by the server's rule
 * (domain/investments_calendar.py). Opened from an asset page: a 'Closed ICO' asset (its offering over, trading
 * not started) opens the trading tab, anything else the offerings tab.
 */
import { Box, Button, Heading, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { tradingDatesQuery } from '../../api/queries'
import type { Asset, TradingDates } from '../../api/types'
import { useCatalogue } from '../assets/catalogue/catalogueContext'
import { AssetListItem } from '../assets/components/AssetListItem'
import { CLOSED_ICO } from '../../domain/assetStatus'
import { assetPath } from '../../domain/categories'
import { Page } from '../../ui/Page'

export const OFFERINGS_TAB = 'offerings'
export const TRADING_TAB = 'trading'

/** The tab the calendar opens on for the asset it was opened from (spec: tab 1 for 'Closed ICO', tab 0 otherwise). */
export function initialTab(status: string | undefined): string {
  return status === CLOSED_ICO ? TRADING_TAB : OFFERINGS_TAB
}

type BucketKey = keyof TradingDates['calendar']

/** The tabs and their buckets, in the order they show. */
const TABS: { value: string; buckets: { key: BucketKey; title: string; empty: string; testId: string }[] }[] = [
  {
    value: OFFERINGS_TAB,
    buckets: [
      { key: 'ioAvailable', title: 'Available now', empty: 'No offering is open right now.', testId: 'calendar-io-available' },
      { key: 'ioComingSoon', title: 'Coming soon', empty: 'No offering is announced yet.', testId: 'calendar-io-coming-soon' },
    ],
  },
  {
    value: TRADING_TAB,
    buckets: [
      { key: 'live', title: 'Live trading', empty: 'No asset is trading right now.', testId: 'calendar-live' },
      { key: 'postOnly', title: 'Accepting orders (post-only)', empty: 'No session is scheduled yet.', testId: 'calendar-post-only' },
    ],
  },
]

function Bucket({ title, empty, ids, byId, testId }: { title: string; empty: string; ids: readonly number[]; byId: ReadonlyMap<number, Asset>; testId: string }) {
  const assets = ids.map((id) => byId.get(id)).filter((a): a is Asset => a !== undefined)
  return (
    <Box as="section" aria-label={title} data-testid={testId}>
      <Heading as="h2" size="sm" textTransform="uppercase" letterSpacing="0.06em" color="fg.muted" mb="2">
        {title} {assets.length ? `(${assets.length})` : ''}
      </Heading>
      {assets.length ? (
        <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
          {assets.map((a) => (
            <li key={a.id}>
              <AssetListItem asset={a} />
            </li>
          ))}
        </Stack>
      ) : (
        <Text fontSize="sm" color="fg.muted" py="2">
          {empty}
        </Text>
      )}
    </Box>
  )
}

export function CalendarPage() {
  const [params] = useSearchParams()
  const { assets, categories } = useCatalogue()
  const byId = new Map(assets.map((a) => [a.id, a] as const))
  const from = byId.get(Number(params.get('asset')))
  // the asset's tab until the investor picks one (the catalogue may still be loading at the first render)
  const [picked, setTab] = useState<string | null>(null)
  const tab = picked ?? initialTab(from?.asset_status)
  const read = useQuery(tradingDatesQuery())
  const calendar = read.data?.calendar

  return (
    <Page title="Investments Calendar" maxW="3xl" back={from ? { to: assetPath(categories, from), label: from.ticker } : undefined}>
      <Tabs.Root value={tab} onValueChange={(d) => setTab(d.value)} variant="enclosed" fitted>
        <Tabs.List aria-label="Calendar">
          <Tabs.Trigger value={OFFERINGS_TAB} data-testid="tab-offerings">
            Initial Offerings
          </Tabs.Trigger>
          <Tabs.Trigger value={TRADING_TAB} data-testid="tab-trading">
            Trading
          </Tabs.Trigger>
        </Tabs.List>
        {!calendar && !read.isError ? (
          <Stack gap="3" mt="4" role="status" aria-label="Loading">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h="16" borderRadius="xl" />
            ))}
          </Stack>
        ) : !calendar ? (
          <Stack gap="3" mt="4" align="flex-start" role="alert">
            <Text>We could not load the calendar. Please try again.</Text>
            <Button size="sm" colorPalette="brand" onClick={() => void read.refetch()} loading={read.isFetching}>
              Try again
            </Button>
          </Stack>
        ) : (
          <>
            {TABS.map((t) => (
              <Tabs.Content key={t.value} value={t.value}>
                <Stack gap="6" mt="2">
                  {t.buckets.map((b) => (
                    <Bucket key={b.key} title={b.title} empty={b.empty} ids={calendar[b.key]} byId={byId} testId={b.testId} />
                  ))}
                </Stack>
              </Tabs.Content>
            ))}
          </>
        )}
      </Tabs.Root>
    </Page>
  )
}
