/**
 * /app/investments/transaction: Transaction History (spec doc 3 §2.6, §4.11): every receipt — deposits, withdrawals,
 * offering purchases, trade fills, store orders and refunds — newest first with their status, a page at a time ('Show
 * more'). With no transfer, order or asset at all it goes back to the portfolio.
 */
import { Badge, Box, Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Navigate } from 'react-router'
import { transactionsQuery } from '../../api/queries'
import { formatMoney } from '../../domain/money'
import { isCredit, receiptDate, receiptDetail, receiptTitle, STATUS_LABELS } from './receipts'
import { useSession } from '../../app/session/useSession'
import { Page } from '../../ui/Page'

export function TransactionHistoryPage() {
  const { userId } = useSession()
  const read = useInfiniteQuery({ ...transactionsQuery(userId ?? 0), enabled: userId !== null })
  const first = read.data?.pages[0]
  const state = first ? { bank: first.bank, items: (read.data?.pages ?? []).flatMap((p) => p.receipts.items) } : undefined

  if (first?.empty) return <Navigate to="/app/investments" replace />
  return (
    <Page title="Transaction History" maxW="3xl" back={{ to: '/app/investments', label: 'My Portfolio' }}>
      {!state && !read.isError ? (
        <Stack gap="3" role="status" aria-label="Loading">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h="20" borderRadius="xl" />
          ))}
        </Stack>
      ) : !state ? (
        <Stack gap="3" align="flex-start" role="alert">
          <Text>We could not load your transactions. Please try again.</Text>
          <Button size="sm" colorPalette="brand" onClick={() => void read.refetch()} loading={read.isFetching}>
            Try again
          </Button>
        </Stack>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" data-testid="transactions">
          {state.items.map((t) => {
            const [label, palette] = STATUS_LABELS[t.status] ?? [t.status, 'gray']
            const out = !isCredit(t)
            return (
              <Box as="li" key={t.id} bg="white" borderWidth="1px" borderColor="border.muted" borderRadius="xl" px={{ base: '4', md: '5' }} py="4" data-testid="transaction">
                <HStack justify="space-between" align="flex-start" gap="3">
                  <Stack gap="0.5" minW="0">
                    <Text fontWeight="semibold">{receiptTitle(t)}</Text>
                    <Text fontSize="sm" color="fg.muted">
                      {receiptDetail(t, state.bank, formatMoney)}
                    </Text>
                    <Text fontSize="xs" color="fg.muted">
                      {receiptDate(t.created)} · #{(t.order_id ?? t.id.replace(/^[a-z]+-/, '')).slice(0, 8)}
                    </Text>
                    {t.status === 'failed' && t.failure_reason ? (
                      <Text fontSize="sm" color="red.600">
                        {t.failure_reason}
                      </Text>
                    ) : null}
                  </Stack>
                  <Stack gap="1" align="flex-end" flexShrink="0">
                    <Text fontWeight="semibold">
                      {out ? '−' : '+'}
                      {formatMoney(t.amount)}
                    </Text>
                    <Badge colorPalette={palette} variant="subtle">
                      {label}
                    </Badge>
                  </Stack>
                </HStack>
              </Box>
            )
          })}
          {read.hasNextPage ? (
            <Box as="li" alignSelf="center">
              <Button variant="outline" size="sm" onClick={() => void read.fetchNextPage()} loading={read.isFetchingNextPage}>
                Show more
              </Button>
            </Box>
          ) : null}
        </Stack>
      )}
    </Page>
  )
}
