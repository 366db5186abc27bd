// @vitest-environment happy-dom
/**
 * /app/orders' queue (spec doc 3 §4.4): Edit is offered only while the asset trades or accepts orders — an order on
 * an asset whose trading is closed may be cancelled, not edited.
 */
import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { UserContext, type UserApi } from '../../app/account/userContext'
import type { Asset, User } from '../../api/types'
import { CatalogueContext } from '../assets/catalogue/catalogueContext'
import { assetOf } from '../../testing/assetPage'
import { catalogueStub, tradingOf } from '../../testing/catalogue'
import { fakeEventStream } from '../../testing/eventStream'
import { json, loggedInEachTest, renderApp, stubApi } from '../../testing/render'
import { CUSTOMER, order } from './fixtures'
import { OrdersPage } from './OrdersPage'

const USER = { id: 7, email: 'demo@vitrine.test', emails: [], customer: CUSTOMER } as unknown as User
const userApi: UserApi = { user: USER, loading: false, failed: false, reload: async () => USER, patchUser: () => undefined }

function traded(asset_status: string, market: string): Asset {
  return assetOf({
    id: 1, ticker: '#88F40', asset_status,
    financialInstrument: { id: '88F40', markets: { secondaryMarket: { status: market } } },
    trading: tradingOf({ current_trading_window: { id: 'W-88F40-1', status: 'SCHEDULED', remaining_value: 0 } }),
  })
}

function renderOrders(asset: Asset) {
  stubApi({
    'GET /api/financial-accounts/*/orders': () => json({ data: [order()] }),
    'GET /api/financial-accounts/*/positions': () => json({ data: {} }),
    'GET /api/financial-instruments/securities/88F40/markets/order-book': () =>
      json({ data: { financialInstrumentId: '88F40', mode: 'POST_ONLY', bids: [], asks: [] } }),
    'GET /api/trading/events': fakeEventStream(['subscribed', {}]).answer,
  })
  return renderApp([{ path: '/app/orders', element: <OrdersPage /> }], '/app/orders?asset=1', (children) => (
    <UserContext.Provider value={userApi}>
      <CatalogueContext.Provider value={catalogueStub([asset])}>{children}</CatalogueContext.Provider>
    </UserContext.Provider>
  ))
}

describe('OrdersPage', () => {
  loggedInEachTest(7)

  it('offers Edit and Cancel on a pending order while the asset accepts orders', async () => {
    renderOrders(traded('Post Only', 'CLOSED'))
    const row = await screen.findByTestId('queue-order')
    fireEvent.click(within(row).getByRole('button', { name: /^Edit or cancel order/ }))
    const chooser = await screen.findByTestId('order-chooser')
    expect(within(chooser).getByRole('button', { name: 'Edit Order' })).toBeTruthy()
    expect(within(chooser).getByRole('button', { name: 'Cancel Order' })).toBeTruthy()
  })

  it('offers no Edit where trading is closed, only Cancel', async () => {
    renderOrders(traded('Trading closed', 'DISABLED'))
    const row = await screen.findByTestId('queue-order')
    expect(within(row).queryByRole('button', { name: /^Edit or cancel order/ })).toBeNull()
    expect(within(row).getByRole('button', { name: 'Cancel' })).toBeTruthy()
  })
})
