/**
 * /app/place-bid/* and /app/place-ask/*?asset=ID[&order=ORDER_ID]: the order wizard (kind place-order, opened with
 * {asset_id, side, order_id?}), drawn by the generic flow renderer. An edit opens /app/place-bid?asset=ID&order=ID
 * (the server takes the side from the order). Closing goes back to the asset page; a placed order's 'okay' goes to
 * My Portfolio with the user (balances) read again.
 */
import { Button, Stack, Text } from '@chakra-ui/react'
import { useCallback, useMemo, useRef } from 'react'
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router'
import { useUser } from '../../../app/account/userContext'
import { useCatalogue } from '../../assets/catalogue/catalogueContext'
import { assetPath } from '../../../domain/categories'
import { assetIdParam } from '../../purchase/purchase'
import type { CloseText } from '../../../flows/CloseFlowDialog'
import { FlowRenderer } from '../../../flows/FlowRenderer'
import type { FlowState } from '../../../flows/types'
import { Page, Panel } from '../../../ui/Page'
import { PLACE_ORDER_STEPS } from './registry'
import type { Side } from './orderForm'
import { PLACE_ASK, PLACE_BID } from './paths'

export const ORDER_PLACED = 'ORDER_PLACED'

const CLOSE_TEXT: CloseText = {
  title: 'Leave this order?',
  message: 'Nothing is placed until you confirm on the review screen. You can come back from the asset page.',
  stay: 'CONTINUE',
  leave: 'Leave',
}

const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export function PlaceOrderPage({ side }: { side: Side }) {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const { assets, categories } = useCatalogue()
  const { reload: reloadUser } = useUser()
  const assetId = assetIdParam(params.get('asset'))
  const order = params.get('order')
  const orderId = order && ORDER_ID.test(order) ? order : null
  const done = useRef(false)
  const asset = assets.find((a) => a.id === assetId) ?? null
  const exitTo = asset ? assetPath(categories, asset) : '/app/assets'
  const start = useMemo(
    () => (assetId === null ? undefined : { asset_id: assetId, side, ...(orderId ? { order_id: orderId } : {}) }),
    [assetId, side, orderId],
  )
  const onState = useCallback(
    (state: FlowState) => {
      if (state.status === 'completed' && state.result?.outcome === ORDER_PLACED && !done.current) {
        done.current = true
        void reloadUser()
        navigate(state.result.redirect ?? '/app/investments', { replace: true })
      }
    },
    [navigate, reloadUser],
  )
  if (assetId === null) {
    return (
      <Page title={side === 'ASK' ? 'Sell Shares' : 'Buy Shares'} maxW="3xl">
        <Panel>
          <Stack gap="4" align="flex-start" data-testid="no-asset">
            <Text>Choose a trading asset, then use its Buy or Sell button to place an order.</Text>
            <Button asChild colorPalette="brand" size="sm">
              <RouterLink to="/app/assets">Browse assets</RouterLink>
            </Button>
          </Stack>
        </Panel>
      </Page>
    )
  }
  const search = `?asset=${assetId}${orderId ? `&order=${orderId}` : ''}`
  return (
    <FlowRenderer
      kind="place-order"
      base={side === 'ASK' ? PLACE_ASK : PLACE_BID}
      search={search}
      start={start}
      registry={PLACE_ORDER_STEPS}
      exitTo={exitTo}
      name={side === 'ASK' ? 'Place an Ask' : 'Place a Bid'}
      failureModal
      onState={onState}
      closeText={CLOSE_TEXT}
    />
  )
}
