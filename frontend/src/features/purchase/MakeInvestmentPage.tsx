/**
 * /app/make-investment/*?asset=ID: the initial-offering purchase (kind make-investment, opened with {asset_id}),
 * drawn by the generic flow renderer. The asset stays in the URL (and in this tab's storage, for the bank sign-in
 * round trip) so a reload reopens the same purchase. Closing goes back to the asset page; a purchase that completes
 * goes to My Portfolio with the assets and the user read again.
 */
import { Button, Stack, Text } from '@chakra-ui/react'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router'
import { useUser } from '../../app/account/userContext'
import { useCatalogue } from '../assets/catalogue/catalogueContext'
import { FREE_SHARE_PROGRAM } from '../../domain/access'
import { assetPath } from '../../domain/categories'
import { assetIdParam } from './purchase'
import { counterKey, parseCounter, restored } from '../../domain/specialAccess'
import type { CloseText } from '../../flows/CloseFlowDialog'
import { FlowRenderer } from '../../flows/FlowRenderer'
import type { FlowState } from '../../flows/types'
import { readKey, writeKey } from '../../app/session/storage'
import { Page, Panel } from '../../ui/Page'
import { NO_OPTIONS, purchaseAsset, PurchaseOptionsContext, type PurchaseAsset, type PurchaseOptions } from './context'
import { MAKE_INVESTMENT_STEPS } from './registry'

export const BASE = '/app/make-investment'

const CLOSE_TEXT: CloseText = {
  title: 'Leave this purchase?',
  message: 'Nothing is charged until you confirm the purchase. The shares you chose are held for a short while; you can come back from the asset page.',
  stay: 'CONTINUE PURCHASE',
  leave: 'Leave',
}
export const PURCHASED = 'IO_PURCHASED'
const ASSET_KEY = 'makeInvestmentAsset'

/** What the buy button or the free-share popup may pass in the navigation state. */
export interface MakeInvestmentState {
  offerGift?: boolean
  autoForward?: boolean
}

function options(params: URLSearchParams, state: unknown): PurchaseOptions {
  const nav = (state && typeof state === 'object' ? state : {}) as MakeInvestmentState
  const gift = params.get('gift')
  return {
    ...NO_OPTIONS,
    offerGift: gift !== null || nav.offerGift === true,
    giftCode: gift && gift !== '1' ? gift : '',
    autoForward: nav.autoForward === true,
  }
}

function storedAsset(): string | null {
  try {
    return sessionStorage.getItem(ASSET_KEY)
  } catch {
    return null
  }
}

export function MakeInvestmentPage() {
  const [params] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const { assets, categories, reload: reloadAssets } = useCatalogue()
  const { user, reload: reloadUser } = useUser()
  const [opened] = useState(() => options(params, location.state))
  const assetId = assetIdParam(params.get('asset')) ?? assetIdParam(storedAsset())
  const [flowAsset, setFlowAsset] = useState<PurchaseAsset | null>(null)
  const done = useRef(false)
  const freeShare = useRef(false)
  const userId = user?.id ?? null

  useEffect(() => {
    if (assetId === null) return
    try {
      sessionStorage.setItem(ASSET_KEY, String(assetId))
    } catch {
      // storage blocked: the URL still has it
    }
  }, [assetId])

  const asset = assets.find((a) => a.id === assetId) ?? (flowAsset?.id === assetId ? flowAsset : null)
  const exitTo = asset ? assetPath(categories, asset) : '/app/assets'
  const start = useMemo(() => (assetId === null ? undefined : { asset_id: assetId }), [assetId])

  const onState = useCallback(
    (state: FlowState) => {
      const a = purchaseAsset(state.context.asset)
      if (a) setFlowAsset((before) => (before?.id === a.id ? before : a))
      if (state.context.free_share === true) freeShare.current = true
      // a free share left unredeemed: its popup may show again
      if (freeShare.current && userId !== null && (state.status === 'closed' || state.status === 'failed')) {
        freeShare.current = false
        const key = counterKey(userId, FREE_SHARE_PROGRAM)
        const counter = restored(parseCounter(readKey(key)))
        if (counter !== null) writeKey(key, String(counter))
      }
      if (state.status === 'completed' && state.result?.outcome === PURCHASED && !done.current) {
        done.current = true
        void reloadAssets().catch(() => undefined)
        void reloadUser()
        navigate('/app/investments', { replace: true })
      }
    },
    [navigate, reloadAssets, reloadUser, userId],
  )

  if (assetId === null) {
    return (
      <Page title="Buy Shares" maxW="3xl">
        <Panel>
          <Stack gap="4" align="flex-start" data-testid="no-asset">
            <Text>Choose an asset in an open offering, then use its Invest button to buy shares.</Text>
            <Button asChild colorPalette="brand" size="sm">
              <RouterLink to="/app/assets">Browse assets</RouterLink>
            </Button>
          </Stack>
        </Panel>
      </Page>
    )
  }
  return (
    <PurchaseOptionsContext.Provider value={opened}>
      <FlowRenderer
        kind="make-investment"
        base={BASE}
        search={`?asset=${assetId}`}
        start={start}
        registry={MAKE_INVESTMENT_STEPS}
        exitTo={exitTo}
        name="Buy Shares"
        failureModal
        onState={onState}
        closeText={CLOSE_TEXT}
      />
    </PurchaseOptionsContext.Provider>
  )
}
