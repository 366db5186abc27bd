/**
 * Shell-level trading popups (spec doc 3 §2.9, §4.5, §4.6).
 * Confirm-trade: an order matched (MATCHED / PARTIALLY_MATCHED) whose window is in CONFIRMATION. Confirm sends the
 * confirmation, then reloads the orders; Refuse shows the warning with 'Go Back' or 'Cancel Match' (an e-mail);
 * closing marks it declined for the browser session.
 * Trading-approved: trading_enabled, not io_enabled, and the local flag notifiedOnTradingApproved unset — decided
 * whenever the user is (re)loaded, not once at mount while the user is still loading; closing and 'Continue' set the
 * flag; Continue goes to the onboarding's first step.
 * The matched orders' windows are read when the orders change and again on the stream's `window` events; polled at
 * their next boundary only while the trading stream is down.
 */
import { Box, Button, Flex, Link, Stack, Text } from '@chakra-ui/react'
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { useUser } from '../../app/account/userContext'
import { ApiError } from '../../api/errors'
import { keys } from '../../api/queryKeys'
import { confirmOrder, getWindow, type Order, type TradingWindowInfo } from '../../api/trading'
import { SUPPORT_EMAIL } from '../../config'
import { formatMoney } from '../../domain/money'
import { AlertDialog } from '../../ui/AlertDialog'
import { awaitsConfirmation, nextWindowRead, waitingMatches } from './orders'
import { useTrading } from './useTrading'

const DECLINED_KEY = 'vitrine.confirmDeclined'
export const APPROVED_FLAG = 'notifiedOnTradingApproved'

export function declinedOrders(storage: Pick<Storage, 'getItem'>): string[] {
  try {
    const list: unknown = JSON.parse(storage.getItem(DECLINED_KEY) ?? '[]')
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : []
  } catch {
    return []
  }
}

export function markDeclined(storage: Pick<Storage, 'getItem' | 'setItem'>, orderId: string): void {
  storage.setItem(DECLINED_KEY, JSON.stringify([...new Set([...declinedOrders(storage), orderId])]))
}

export function showsTradingApproved(state: { trading_enabled: boolean; io_enabled: boolean } | undefined, storage: Pick<Storage, 'getItem'>): boolean {
  return Boolean(state?.trading_enabled) && !state?.io_enabled && storage.getItem(APPROVED_FLAG) === null
}

const shares = (units: number): string => `${units} ${units === 1 ? 'share' : 'shares'}`

function ConfirmTrade({ order, onDone }: { order: Order; onDone: (declined: boolean) => void }) {
  const [refusing, setRefusing] = useState(false)
  const queryClient = useQueryClient()
  const confirmation = useMutation({
    mutationFn: () => confirmOrder(order.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keys.allTrading() })
      void queryClient.invalidateQueries({ queryKey: keys.allFinancials() }) // a settled trade moves cash and holdings
      onDone(false)
    },
  })
  const working = confirmation.isPending
  const error = confirmation.error ? (confirmation.error instanceof ApiError ? confirmation.error.message : 'Your confirmation could not be sent. Please try again.') : null
  const { units, lines } = waitingMatches(order)
  const subject = encodeURIComponent(`Cancel Match ${order.id.slice(0, 8)}`)
  if (refusing) {
    return (
      <AlertDialog closeButton width="md"
        title="Are you sure?"
        onClose={() => onDone(true)}
        testId="refuse-trade"
        footer={
          <Flex gap="3">
            <Button variant="outline" onClick={() => setRefusing(false)}>
              Go Back
            </Button>
            <Button asChild colorPalette="red">
              <Link href={`mailto:${SUPPORT_EMAIL}?subject=${subject}`}>Cancel Match</Link>
            </Button>
          </Flex>
        }
      >
        <Text>Cancelling a match cannot be reversed, and you will not be able to take part in trading until the next trading window.</Text>
      </AlertDialog>
    )
  }
  return (
    <AlertDialog closeButton width="md"
      title="Confirm your trade"
      onClose={() => onDone(true)}
      locked={working}
      testId="confirm-trade"
      footer={
        <Flex gap="3">
          <Button variant="outline" disabled={working} onClick={() => setRefusing(true)}>
            Refuse
          </Button>
          <Button colorPalette="brand" loading={working} onClick={() => confirmation.mutate()} data-testid="confirm-trade-button">
            Confirm
          </Button>
        </Flex>
      }
    >
      <Stack gap="2">
        <Text>
          Your {order.side === 'BID' ? 'bid' : 'ask'} on {order.ticker} was {order.confirmed_matched_status === 'PARTIALLY_MATCHED' ? 'partially matched' : 'matched'}:{' '}
          {shares(units)}
          {lines.length === 1 ? ` at ${formatMoney(lines[0]?.price)}.` : ':'}
        </Text>
        {lines.length > 1 ? (
          // each execution at its own price (an order may match several asks or bids)
          <Box as="ul" pl="5" data-testid="confirm-trade-executions">
            {lines.map((line, i) => (
              <li key={i}>
                {shares(line.units)} at {formatMoney(line.price)}
              </li>
            ))}
          </Box>
        ) : null}
        <Text>Please confirm the trade before the confirmation period ends.</Text>
        {error ? (
          <Text role="alert" color="red.600">
            {error}
          </Text>
        ) : null}
      </Stack>
    </AlertDialog>
  )
}

export function TradingShellPopups() {
  const { user } = useUser()
  const navigate = useNavigate()
  const trading = useTrading(user, null, null)
  const queryClient = useQueryClient()
  const [declined, setDeclined] = useState<string[]>(() => declinedOrders(sessionStorage))
  const [approvedClosed, setApprovedClosed] = useState(false)
  // read at every render: the user loads after the shell mounts
  const approved = !approvedClosed && showsTradingApproved(user?.state_status, localStorage)

  const matched = trading.orders.filter((o) => o.confirmed_matched_status && o.windowId && !declined.includes(o.id))
  const windowIds = [...new Set(matched.map((o) => o.windowId as string))].sort()
  const windowReads = useQueries({
    queries: windowIds.map((id) => ({
      queryKey: keys.window(id),
      queryFn: () => getWindow(id),
      retry: false,
      // while the stream is down: read again at the window's next boundary (it reaches CONFIRMATION without any order
      // changing); while it is up, its `window` events read it again
      refetchInterval: (query: { state: { data?: TradingWindowInfo } }) => (trading.live ? false : nextWindowRead(query.state.data)),
    })),
  })
  // each window's status is read again whenever the matched orders change (a window moves on to CONFIRMATION), under
  // the same key: the status read before stays meanwhile. A key of its own per change had no status until its read
  // came back, and the popup went for that moment — when the other side confirmed, taking away the Confirm just
  // pressed (its request then lost to the page's next navigation: the browser test, 29 Nov)
  const stamp = matched.map((o) => `${o.id}:${o.version}`).join(',')
  const ids = windowIds.join(',')
  const stamped = useRef(stamp)
  useEffect(() => {
    if (stamped.current === stamp) return
    stamped.current = stamp
    for (const id of ids.split(',').filter(Boolean)) void queryClient.invalidateQueries({ queryKey: keys.window(id) })
  }, [stamp, ids, queryClient])
  const windows: Record<string, string> = Object.fromEntries(windowIds.map((id, i) => [id, windowReads[i]?.data?.status ?? '']))

  const pending = matched.find((o) => awaitsConfirmation(o, windows[o.windowId as string]))
  if (pending) {
    return (
      <ConfirmTrade
        key={pending.id}
        order={pending}
        onDone={(wasDeclined) => {
          if (wasDeclined) {
            markDeclined(sessionStorage, pending.id)
            setDeclined(declinedOrders(sessionStorage))
          }
          void trading.reload()
        }}
      />
    )
  }
  if (approved) {
    const close = (go: boolean) => {
      localStorage.setItem(APPROVED_FLAG, '1')
      setApprovedClosed(true)
      if (go) navigate('/app/onboarding')
    }
    return (
      <AlertDialog closeButton width="md" title="You're approved for trading!" onClose={() => close(false)} testId="trading-approved" footer={<Button colorPalette="brand" onClick={() => close(true)}>Continue</Button>}>
        <Text>Trading on the secondary market is available in your state. Complete your profile to place bids and asks.</Text>
      </AlertDialog>
    )
  }
  return null
}
