// @vitest-environment happy-dom
/**
 * select-bid's Shares field tells the range the side allows: '1 to 1,000' for a bid, and no empty range ('1 to 0')
 * when there is nothing to sell.
 */
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { FlowStepApi } from '../../../../flows/stepContext'
import { FlowStepContext } from '../../../../flows/stepContext'
import type { FlowState } from '../../../../flows/types'
import { loggedInEachTest, renderApp } from '../../../../testing/render'
import { unitsHelper } from '../orderForm'
import { SelectOrderStep } from './SelectOrderStep'

function renderSelect(context: Record<string, unknown>) {
  const api: FlowStepApi = {
    state: {} as FlowState,
    values: {},
    context: { available_cash: '100.00', account_value: '250.00', min_units: 1, default_price: '10.00', messages: {}, loaders: {}, ...context },
    busy: null,
    submit: async () => null,
    back: null,
    refresh: async () => undefined,
  }
  return renderApp([{ path: '/', element: <FlowStepContext.Provider value={api}><SelectOrderStep /></FlowStepContext.Provider> }], '/')
}

describe('SelectOrderStep', () => {
  loggedInEachTest()

  it("shows the range of shares a bid may take", () => {
    renderSelect({ side: 'BID', max_units: 1000 })
    expect(screen.getByText('1 to 1,000')).toBeTruthy()
  })

  it("says there is nothing to sell rather than '1 to 0'", () => {
    renderSelect({ side: 'ASK', max_units: 0, shares_owned: 0, available_to_sell: 0 })
    expect(screen.getByText('No shares available to sell')).toBeTruthy()
    expect(screen.queryByText('1 to 0')).toBeNull()
  })

  it('names a single share rather than a range of one', () => {
    expect(unitsHelper({ side: 'ASK', minUnits: 1, maxUnits: 1 })).toBe('1 share')
    expect(unitsHelper({ side: 'BID', minUnits: 1, maxUnits: 0 })).toBe('No shares available to buy')
  })
})
