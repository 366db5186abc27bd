/**
 * /app/orders (spec doc 3 §2.3, §4.4): the active asset's live order book (asks ascending, bids descending, 'High
 * Bid' / 'Low Ask' with price × shares) and the investor's bid/ask queue with Edit (or 'Pending Cancel'; Edit only
 * while the asset trades or accepts orders, §4.4) and Cancel:
 * the chooser (Edit Order / Cancel Order / Go Back), 'Attempt to Edit?' / 'Attempt to Cancel?' ('Nevermind' /
 * "Yes, Let's try"), and the refusals ('Unable to Cancel Order', 'Unable to Edit Order', 'Unable to Process
 * Cancelation'). Live over the trading event stream; polling only while it is down.
 */
import { Box, Button, Flex, Heading, NativeSelect, SimpleGrid, Spinner, Stack, Table, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { useUser } from '../../app/account/userContext'
import { ApiError } from '../../api/errors'
import { useCancelOrder } from '../../api/mutations'
import { financialAccountId, getOrder, type BookLevel, type Order } from '../../api/trading'
import { useCatalogue } from '../assets/catalogue/catalogueContext'
import { formatMoney } from '../../domain/money'
import { AlertDialog } from '../../ui/AlertDialog'
import { placeOrderPath } from './place-order/paths'
import { Page } from '../../ui/Page'
import { marketMode } from './marketState'
import { bestLabel, blockedMessage, CANCEL_FAILED, canCancel, canEdit, editSlot, isPending, sortBook } from './orders'
import { instrumentIdOf, liveAsset } from './liveMarket'
import { useLiveMarket, useTrading } from './useTrading'

type Dialog =
  | { kind: 'chooser'; order: Order }
  | { kind: 'confirm-edit'; order: Order }
  | { kind: 'confirm-cancel'; order: Order }
  | { kind: 'notice'; title: string; message: string }

function BookSide({ title, levels, testId }: { title: string; levels: BookLevel[]; testId: string }) {
  return (
    <Stack gap="2" data-testid={testId}>
      <Heading as="h3" size="sm">
        {title}
      </Heading>
      {levels.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          None yet
        </Text>
      ) : (
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Price</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Shares</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {levels.map((l) => (
              <Table.Row key={l.price}>
                <Table.Cell>{formatMoney(l.price)}</Table.Cell>
                <Table.Cell textAlign="end">{l.units}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Stack>
  )
}

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : CANCEL_FAILED
}

export function OrdersPage() {
  const { user } = useUser()
  const { assets } = useCatalogue()
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const traded = assets.filter((a) => marketMode(a) !== 'none')
  const wanted = Number(params.get('asset'))
  const asset = traded.find((a) => a.id === wanted) ?? traded[0] ?? null
  const instrumentId = instrumentIdOf(asset)
  const trading = useTrading(user, asset?.id ?? null, instrumentId)
  const accountId = financialAccountId(user)
  const market = useLiveMarket(instrumentId) // the window as the stream tells it (Cancel is hidden while live)
  const mode = asset ? marketMode(liveAsset(asset, market)) : 'none'
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const [working, setWorking] = useState(false)
  const cancellation = useCancelOrder()

  const book = trading.book ? sortBook(trading.book) : { asks: [], bids: [] }
  const queue = trading.orders.filter(isPending)

  const attemptEdit = async (o: Order) => {
    if (accountId === null) return
    setWorking(true)
    try {
      const fresh = await getOrder(accountId, o.id)
      const blocked = blockedMessage('edit', fresh)
      if (blocked) setDialog({ kind: 'notice', title: blocked, message: 'Another change of this order is still processing. Please try again in a moment.' })
      else navigate(placeOrderPath(fresh.side, fresh.asset, fresh.id))
    } catch (error) {
      setDialog({ kind: 'notice', title: 'Unable to Edit Order', message: messageOf(error) })
    } finally {
      setWorking(false)
    }
  }

  const attemptCancel = async (o: Order) => {
    if (accountId === null) return
    setWorking(true)
    try {
      const fresh = await getOrder(accountId, o.id)
      const blocked = blockedMessage('cancel', fresh)
      if (blocked) {
        setDialog({ kind: 'notice', title: blocked, message: 'Another change of this order is still processing. Please try again in a moment.' })
        return
      }
      trading.patch({ ...fresh, status: 'PENDING_CANCEL', version: fresh.version })
      const answer = await cancellation.mutateAsync({ accountId, orderId: o.id })
      trading.patch(answer.data)
      setDialog(null)
    } catch (error) {
      setDialog({ kind: 'notice', title: CANCEL_FAILED, message: messageOf(error) })
      void trading.reload()
    } finally {
      setWorking(false)
    }
  }

  return (
    <Page title="Orders">
      <Stack gap="6" data-testid="orders-page">
        {traded.length > 1 && asset ? (
          <NativeSelect.Root maxW="xs">
            <NativeSelect.Field aria-label="Asset" value={asset.id} onChange={(e) => setParams({ asset: e.currentTarget.value })}>
              {traded.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.ticker} {a.display_name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        ) : null}
        {asset === null ? (
          <Text>No asset is trading right now.</Text>
        ) : trading.loading ? (
          <Flex justify="center" py="10" aria-busy="true">
            <Spinner aria-label="Loading orders" />
          </Flex>
        ) : (
          <>
            {trading.error ? (
              <Text role="alert" color="red.600">
                Orders could not be loaded. We will keep trying.
              </Text>
            ) : null}
            <Stack as="section" aria-label="Order book" gap="3" bg="white" borderRadius="xl" borderWidth="1px" p="4">
              <Heading as="h2" size="md">
                Order book · {asset.ticker}
              </Heading>
              <Flex gap="4" wrap="wrap" fontWeight="semibold">
                <Text data-testid="high-bid">{bestLabel('High Bid', book.bids[0]) ?? 'High Bid: —'}</Text>
                <Text data-testid="low-ask">{bestLabel('Low Ask', book.asks[0]) ?? 'Low Ask: —'}</Text>
              </Flex>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <BookSide title="Asks" levels={book.asks} testId="book-asks" />
                <BookSide title="Bids" levels={book.bids} testId="book-bids" />
              </SimpleGrid>
            </Stack>
            <Stack as="section" aria-label="Your orders" gap="3">
              <Heading as="h2" size="md">
                Your bids and asks
              </Heading>
              {queue.length === 0 ? <Text color="fg.muted">You have no open orders on this asset.</Text> : null}
              {queue.map((o) => {
                const slot = editSlot(o)
                return (
                  <Flex key={o.id} data-testid="queue-order" gap="3" align="center" wrap="wrap" bg="white" borderRadius="lg" borderWidth="1px" p="3">
                    <Box flex="1" minW="40">
                      <Text fontWeight="bold">
                        {o.side === 'BID' ? 'Bid' : 'Ask'} · {o.units.unfilled} × {formatMoney(o.pricing.unit)}
                      </Text>
                      <Text fontSize="xs" color="fg.muted">
                        {o.status.replace(/_/g, ' ').toLowerCase()}
                        {o.message ? ` · ${o.message}` : ''}
                      </Text>
                    </Box>
                    {slot.kind === 'pending-cancel' ? (
                      <Text fontWeight="semibold" color="orange.600" data-testid="pending-cancel">
                        Pending Cancel
                      </Text>
                    ) : canEdit(mode) ? (
                      <Button size="sm" variant="outline" onClick={() => setDialog({ kind: 'chooser', order: o })} aria-label={`Edit or cancel order ${o.id.slice(0, 8)}`}>
                        Edit
                      </Button>
                    ) : null}
                    {canCancel(o, mode) ? (
                      <Button size="sm" variant="ghost" colorPalette="red" onClick={() => setDialog({ kind: 'confirm-cancel', order: o })}>
                        Cancel
                      </Button>
                    ) : null}
                  </Flex>
                )
              })}
            </Stack>
          </>
        )}
      </Stack>
      {dialog ? (
        // one dialog whose content changes (chooser → confirmation → notice): a second dialog opening as the first
        // closes would stay hidden from assistive technology
        <AlertDialog closeButton width="md"
          title={
            dialog.kind === 'chooser'
              ? 'Manage Order'
              : dialog.kind === 'confirm-edit'
                ? 'Attempt to Edit?'
                : dialog.kind === 'confirm-cancel'
                  ? 'Attempt to Cancel?'
                  : dialog.title
          }
          onClose={() => setDialog(null)}
          locked={working}
          testId={dialog.kind === 'chooser' ? 'order-chooser' : dialog.kind === 'notice' ? 'order-notice' : 'order-attempt'}
          footer={
            dialog.kind === 'chooser' ? undefined : dialog.kind === 'notice' ? (
              <Button onClick={() => setDialog(null)}>Okay</Button>
            ) : (
              <Flex gap="3">
                <Button variant="outline" disabled={working} onClick={() => setDialog(null)}>
                  Nevermind
                </Button>
                <Button
                  colorPalette="brand"
                  loading={working}
                  onClick={() => void (dialog.kind === 'confirm-edit' ? attemptEdit(dialog.order) : attemptCancel(dialog.order))}
                >
                  Yes, Let&apos;s try
                </Button>
              </Flex>
            )
          }
        >
          {dialog.kind === 'chooser' ? (
            <Stack gap="3">
              {canEdit(mode) ? (
                <Button colorPalette="brand" onClick={() => setDialog({ kind: 'confirm-edit', order: dialog.order })}>
                  Edit Order
                </Button>
              ) : null}
              {canCancel(dialog.order, mode) ? (
                <Button colorPalette="red" variant="outline" onClick={() => setDialog({ kind: 'confirm-cancel', order: dialog.order })}>
                  Cancel Order
                </Button>
              ) : null}
              <Button variant="ghost" onClick={() => setDialog(null)}>
                Go Back
              </Button>
            </Stack>
          ) : (
            <Text>
              {dialog.kind === 'notice'
                ? dialog.message
                : dialog.kind === 'confirm-edit'
                  ? 'Your order may be matched before the change reaches the market.'
                  : 'Your order may be matched before the cancelation reaches the market.'}
            </Text>
          )}
        </AlertDialog>
      ) : null}
    </Page>
  )
}
