/**
 * Shell-level trading popups (spec doc 3 §2.9, §4.5, §4.6).
 * Confirm-trade: an order matched (MATCHED / PARTIALLY_MATCHED) whose window is in CONFIRMATION. Confirm sends the
 * confirmation, then reloads the orders; Refuse shows the warning with 'Go Back' or 'Cancel Match' (an e-mail);
 * closing marks it declined for the browser session.
 * Trading-approved: trading_enabled, not io_enabled, and the local flag notifiedOnTradingApproved unset; closing and
 * 'Continue' set the flag; Continue goes to the onboarding's first step.
 */
import { Button, Flex, Link, Stack, Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { useUser } from '../account/userContext'
import { ApiError } from '../api/errors'
import { confirmOrder, getWindow, type Order } from '../api/trading'
import { SUPPORT_EMAIL } from '../config'
import { formatMoney } from '../domain/money'
import { Popup } from '../portfolio/Popup'
import { awaitsConfirmation } from './orders'
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

function ConfirmTrade({ order, onDone }: { order: Order; onDone: (declined: boolean) => void }) {
  const [refusing, setRefusing] = useState(false)
  const [working, setWorking] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const waiting = (order.executions ?? []).filter((e) => e.status === 'PENDING_CONFIRMATION' && !e.confirmed)
  const units = waiting.reduce((n, e) => n + e.units, 0)
  const price = waiting[0]?.unitPrice ?? order.pricing.unit
  const confirm = async () => {
    setWorking(true)
    setError(null)
    try {
      await confirmOrder(order.id)
      onDone(false)
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Your confirmation could not be sent. Please try again.')
    } finally {
      setWorking(false)
    }
  }
  const subject = encodeURIComponent(`Cancel Match ${order.id.slice(0, 8)}`)
  if (refusing) {
    return (
      <Popup
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
      </Popup>
    )
  }
  return (
    <Popup
      title="Confirm your trade"
      onClose={() => onDone(true)}
      locked={working}
      testId="confirm-trade"
      footer={
        <Flex gap="3">
          <Button variant="outline" disabled={working} onClick={() => setRefusing(true)}>
            Refuse
          </Button>
          <Button colorPalette="brand" loading={working} onClick={() => void confirm()} data-testid="confirm-trade-button">
            Confirm
          </Button>
        </Flex>
      }
    >
      <Stack gap="2">
        <Text>
          Your {order.side === 'BID' ? 'bid' : 'ask'} on {order.ticker} was {order.confirmed_matched_status === 'PARTIALLY_MATCHED' ? 'partially matched' : 'matched'}:{' '}
          {units} {units === 1 ? 'share' : 'shares'} at {formatMoney(price)}.
        </Text>
        <Text>Please confirm the trade before the confirmation period ends.</Text>
        {error ? (
          <Text role="alert" color="red.600">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Popup>
  )
}

export function TradingShellPopups() {
  const { user } = useUser()
  const navigate = useNavigate()
  const trading = useTrading(user?.id ?? null, null, null)
  const [windows, setWindows] = useState<Record<string, string>>({})
  const [declined, setDeclined] = useState<string[]>(() => declinedOrders(sessionStorage))
  const [approved, setApproved] = useState(() => showsTradingApproved(user?.state_status, localStorage))

  const matched = trading.orders.filter((o) => o.confirmed_matched_status && o.windowId && !declined.includes(o.id))
  const windowIds = [...new Set(matched.map((o) => o.windowId as string))].sort().join(',')
  useEffect(() => {
    if (!windowIds) return
    let live = true
    void Promise.all(windowIds.split(',').map((id) => getWindow(id).then((w) => [id, w.status] as const, () => [id, ''] as const))).then((pairs) => {
      if (live) setWindows(Object.fromEntries(pairs))
    })
    return () => {
      live = false
    }
  }, [windowIds, trading.orders])

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
      setApproved(false)
      if (go) navigate('/app/onboarding')
    }
    return (
      <Popup title="You're approved for trading!" onClose={() => close(false)} testId="trading-approved" footer={<Button colorPalette="brand" onClick={() => close(true)}>Continue</Button>}>
        <Text>Trading on the secondary market is available in your state. Complete your profile to place bids and asks.</Text>
      </Popup>
    )
  }
  return null
}
