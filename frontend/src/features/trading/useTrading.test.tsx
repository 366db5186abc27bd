// @vitest-environment happy-dom
/**
 * The live trading data: a share that settles between the page's first read and the stream's subscription carries
 * no event of its own, so the page reads again once the stream says `subscribed` and shows the new holding.
 */
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Position } from '../../api/trading'
import type { User } from '../../api/types'
import { fakeEventStream } from '../../testing/eventStream'
import { json, loggedInEachTest, stubApi, testQueryClient } from '../../testing/render'
import { CUSTOMER } from './fixtures'
import { useTrading } from './useTrading'

loggedInEachTest(7)

function positions(total: number): Response {
  const p: Position = { financialInstrument: { assetId: 1, id: '88F40', ticker: '#88F40' }, units: { total, openAndAlienable: total } }
  return json({ data: { '88F40': p } })
}

function Shares() {
  const trading = useTrading({ id: 7, customer: CUSTOMER } as unknown as User, null, null)
  const total = trading.positions[0]?.units.total
  return <output data-testid="shares">{total === undefined ? 'loading' : `${total} shares`}</output>
}

describe('useTrading', () => {
  it('reads the positions again once the stream is subscribed', async () => {
    const seen = stubApi({
      'GET /api/financial-accounts/12/orders': () => json({ data: [] }),
      // the first read is from before the settlement; the one after `subscribed` sees it
      'GET /api/financial-accounts/12/positions': [() => positions(25), () => positions(26)],
      'GET /api/trading/events': fakeEventStream(['subscribed', {}]).answer,
    })
    render(
      <QueryClientProvider client={testQueryClient()}>
        <Shares />
      </QueryClientProvider>,
    )
    expect(await screen.findByText('26 shares')).toBeTruthy()
    expect(seen.filter((r) => r.endsWith('/positions'))).toHaveLength(2)
  })
})
