/**
 * The asset page's trading state (spec doc 3 §2.1, §4.1): 'Trading Window Now open!' with a per-second countdown to
 * the session close, Buy and Sell by market state (Sell needs units > 0), notify-me when closed, the post-only
 * educational alert once per asset per browser session, and before the wizard: the session-closed check, the
 * verified e-mail (verify-email popup) and the trading disclosure (remembered per trading window id). The market state
 * follows the instrument's trading stream (its `window` events) while it is up, the catalogue's copy otherwise
 * (liveMarket.ts).
 */
import { Box, Button, Flex, Link, Stack, Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { Link as RouterLink, useNavigate } from 'react-router'
import { useUser } from '../../app/account/userContext'
import type { Asset } from '../../api/types'
import { useCatalogue } from '../assets/catalogue/catalogueContext'
import { NotifyToggle } from '../assets/components/NotifyToggle'
import { primaryEmail } from '../../domain/fundingGate'
import { VerifyEmailDialog } from '../funding/VerifyEmailDialog'
import { AlertDialog } from '../../ui/AlertDialog'
import { calendarPath } from '../../app/shell/navigation'
import { placeOrderPath } from './place-order/paths'
import {
  acceptDisclosure, countdown, disclosureAccepted, marketMode, postOnlyAlertSeen, sessionCloseAt, sessionClosed, tradeButtons,
} from './marketState'
import { instrumentIdOf } from './liveMarket'
import { unitsOf, useLiveAsset, useTrading } from './useTrading'

export const POST_ONLY_TITLE = 'Accepting Orders'
export const POST_ONLY_TEXT =
  'Live trading runs on weekdays 10:30 AM to 4:30 PM Eastern time. Outside those hours your orders are accepted as post-only: they are prioritised by best price, then time, and are honoured when live trading opens.'
export const DISCLOSURE_TITLE = 'Trading Disclosure'
export const DISCLOSURE_TEXT =
  'Secondary market trades are executed through our partnered custodian broker-dealer on an alternative trading system. Prices are set by investors, orders may not be matched, and matched trades must be confirmed before they settle.'

function Countdown({ closeAt }: { closeAt: Date }) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  return (
    <Text as="span" fontVariantNumeric="tabular-nums" data-testid="trading-countdown" aria-live="off">
      {countdown(closeAt.getTime() - now)}
    </Text>
  )
}

export function TradeButtons({ asset: catalogued }: { asset: Asset }) {
  const asset = useLiveAsset(catalogued)
  const { user, reload: reloadUser } = useUser()
  const { reload: reloadCatalogue } = useCatalogue()
  const navigate = useNavigate()
  const instrumentId = instrumentIdOf(asset)
  const trading = useTrading(user, asset.id, instrumentId)
  const [busy, setBusy] = useState(false)
  const [verifyEmail, setVerifyEmail] = useState<string | null>(null)
  const [disclosureFor, setDisclosureFor] = useState<'BID' | 'ASK' | null>(null)
  const [postOnlyAlert, setPostOnlyAlert] = useState(false)
  const mode = marketMode(asset)
  const units = unitsOf(trading.positions, asset.id)
  const buttons = tradeButtons(mode, { busy: busy || trading.loading, unitsOwned: units })
  const closeAt = sessionCloseAt(asset)
  const windowId = asset.trading?.current_trading_window?.id ?? null

  useEffect(() => {
    if (mode === 'post-only' && !postOnlyAlertSeen(sessionStorage, asset.id)) setPostOnlyAlert(true)
  }, [mode, asset.id])

  const open = (side: 'BID' | 'ASK') => navigate(placeOrderPath(side, asset.id))

  const start = async (side: 'BID' | 'ASK') => {
    if (sessionClosed(asset, new Date())) {
      await reloadCatalogue()
      return
    }
    setBusy(true)
    const fresh = (await reloadUser()) ?? user
    setBusy(false)
    const email = fresh ? primaryEmail(fresh) : { email: '', verified: true }
    if (!email.verified) setVerifyEmail(email.email)
    else if (!disclosureAccepted(localStorage, windowId)) setDisclosureFor(side)
    else open(side)
  }

  return (
    <Stack gap="3" data-testid="trade-buttons">
      {closeAt ? (
        <Box role="status" bg="green.50" borderColor="green.200" borderWidth="1px" borderRadius="lg" px="4" py="2" data-testid="trading-banner">
          <Text fontWeight="bold" color="green.800">
            Trading Window Now open!
          </Text>
          <Text fontSize="sm" color="green.800">
            Closes in <Countdown closeAt={closeAt} />
          </Text>
        </Box>
      ) : null}
      {units > 0 ? (
        <Text fontSize="sm" fontWeight="semibold" data-testid="shares-owned">
          {units} {units === 1 ? 'share' : 'shares'}
        </Text>
      ) : null}
      <Flex gap="3" wrap="wrap">
        {buttons.show ? (
          <>
            <Button colorPalette="green" size="lg" minW="28" disabled={buttons.buyDisabled} loading={busy} onClick={() => void start('BID')} data-testid="buy-button">
              Buy
            </Button>
            <Button
              colorPalette="red"
              variant="outline"
              size="lg"
              minW="28"
              disabled={buttons.sellDisabled}
              aria-describedby={units > 0 ? undefined : 'sell-note'}
              onClick={() => void start('ASK')}
              data-testid="sell-button"
            >
              Sell
            </Button>
            <Button asChild variant="ghost" size="lg">
              <RouterLink to={`/app/orders?asset=${asset.id}`} data-testid="orders-link">
                Orders
              </RouterLink>
            </Button>
          </>
        ) : null}
        {buttons.notify ? (
          <>
            <NotifyToggle asset={asset} />
            <Link asChild alignSelf="center" fontSize="sm">
              <RouterLink to={calendarPath(asset.id)}>Trading calendar</RouterLink>
            </Link>
          </>
        ) : null}
      </Flex>
      {buttons.show && units <= 0 ? (
        <Text id="sell-note" fontSize="xs" color="fg.muted">
          You can sell once you own shares of this asset.
        </Text>
      ) : null}
      {trading.error ? (
        <Text fontSize="xs" color="red.600" role="alert">
          Your orders could not be loaded. We will keep trying.
        </Text>
      ) : null}
      {postOnlyAlert ? (
        <AlertDialog closeButton width="md" title={POST_ONLY_TITLE} onClose={() => setPostOnlyAlert(false)} testId="post-only-alert" footer={<Button onClick={() => setPostOnlyAlert(false)}>Got it</Button>}>
          <Text>{POST_ONLY_TEXT}</Text>
        </AlertDialog>
      ) : null}
      {disclosureFor ? (
        <AlertDialog closeButton width="md"
          title={DISCLOSURE_TITLE}
          onClose={() => setDisclosureFor(null)}
          testId="trading-disclosure"
          footer={
            <Flex gap="3">
              <Button variant="outline" onClick={() => setDisclosureFor(null)}>
                Go Back
              </Button>
              <Button
                colorPalette="brand"
                onClick={() => {
                  acceptDisclosure(localStorage, windowId)
                  const side = disclosureFor
                  setDisclosureFor(null)
                  open(side)
                }}
                data-testid="accept-disclosure"
              >
                I Agree
              </Button>
            </Flex>
          }
        >
          <Text>{DISCLOSURE_TEXT}</Text>
        </AlertDialog>
      ) : null}
      <VerifyEmailDialog email={verifyEmail} onClose={() => setVerifyEmail(null)} />
    </Stack>
  )
}
