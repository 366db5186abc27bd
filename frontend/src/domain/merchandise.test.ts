import { describe, expect, it } from 'vitest'
import * as m from './merchandise'

const MERCH = { enabled: true, merchants: [{ id: 1, name: 'Vitrine Store', products: [1, 2, 8] }] }
const STORE = [
  { id: 1, name: 'Vitrine Garage Cap', price: '25.00', inventory: 120, image: 'http://store/1.svg' },
  { id: 2, name: 'Racing Heritage Print 18x24', price: '45.00', inventory: 60, image: 'http://store/2.svg' },
  { id: 8, name: 'Archive Tote Bag', price: '20.00', inventory: 0, image: 'http://store/8.svg' },
]

describe('the offered products', () => {
  it('are the merchants’ product ids (or objects), each once', () => {
    expect(m.offeredProducts(MERCH)).toEqual([
      { id: 1, merchantId: 1 },
      { id: 2, merchantId: 1 },
      { id: 8, merchantId: 1 },
    ])
    expect(m.offeredProducts({ enabled: true, merchants: [{ id: 'm', products: [{ id: 4 }, { id: 4 }] }] })).toEqual([{ id: 4, merchantId: 'm' }])
  })
  it('are none when merchandising is off or missing', () => {
    expect(m.offeredProducts(null)).toEqual([])
    expect(m.offeredProducts({ enabled: false, merchants: MERCH.merchants })).toEqual([])
    expect(m.offeredProducts({ enabled: true, merchants: [] })).toEqual([])
  })
})

describe('the inventory check', () => {
  it('keeps the products in stock, in the asset’s order', () => {
    const found = m.availableProducts(m.offeredProducts(MERCH), [STORE[1], STORE[0], STORE[2]])
    expect(found.map((p) => p.id)).toEqual([1, 2])
    expect(found[0]).toEqual({ id: 1, merchantId: 1, name: 'Vitrine Garage Cap', price: '25.00', image: 'http://store/1.svg', variantId: null, variantName: null, inStock: true })
  })
  it('reads the richer product shape (price.default, images, inventory.total, the primary variant)', () => {
    const rich = {
      id: 5,
      name: 'Print',
      price: { default: 35 },
      images: [{ url: 'http://img' }],
      inventory: { enabled: true, total: 3 },
      variants: [{ id: 51, name: 'Small' }, { id: 52, name: 'Large', isPrimary: true }],
    }
    expect(m.readProduct(rich, 1)).toMatchObject({ id: 5, price: '35.00', image: 'http://img', variantId: 52, variantName: 'Large', inStock: true })
    expect(m.readProduct({ ...rich, inventory: { enabled: true, total: 0 } }, 1)?.inStock).toBe(false)
    expect(m.readProduct({ ...rich, inventory: { enabled: false } }, 1)?.inStock).toBe(true)
  })
  it('finds nothing when the store has none of them', () => {
    expect(m.availableProducts(m.offeredProducts(MERCH), [])).toEqual([])
  })
})

describe('the merchandise order', () => {
  it('is the spec’s {cart, order} body', () => {
    const [cap] = m.availableProducts(m.offeredProducts(MERCH), STORE)
    if (!cap) throw new Error('no product')
    expect(m.merchOrder(cap, 12, 'acct-1')).toEqual({
      cart: [{ merchant: 1, product: { id: 1, quantity: 1, variantId: null } }],
      order: {
        context: { action: { type: 'investment' }, subject: { type: 'asset', descriptors: { id: 12 } } },
        payment: { method: { type: 'account', descriptors: { id: 'acct-1' } } },
        type: 'cross-sell',
      },
    })
  })
  it('sends the variant id as text', () => {
    const product = m.readProduct({ id: 5, name: 'Print', price: '35', inventory: 3, variants: [{ id: 52, isPrimary: true }] }, 1)
    if (!product) throw new Error('no product')
    expect(m.merchOrder(product, 12, 'a').cart[0]?.product.variantId).toBe('52')
  })
  it('failure names the support address', () => {
    expect(m.MERCH_FAILURE_TITLE).toBe('Unable to complete purchase')
    expect(m.merchFailureMessage('help@vitrine.app')).toBe('Your purchase from the store could not be completed. Please contact help@vitrine.app for assistance.')
    expect(m.MERCH_DONE_CLOSE_MS).toBe(3000)
  })
})

describe('the upsell states', () => {
  it('go idle → submitting → done or failure', () => {
    expect(m.merchReducer('idle', 'buy')).toBe('submitting')
    expect(m.merchReducer('submitting', 'succeeded')).toBe('done')
    expect(m.merchReducer('submitting', 'failed')).toBe('failure')
    expect(m.merchReducer('done', 'close')).toBe('closed')
    expect(m.merchReducer('failure', 'close')).toBe('closed')
    expect(m.merchReducer('idle', 'close')).toBe('closed')
  })
  it('submit once and cannot close while submitting', () => {
    expect(m.merchReducer('submitting', 'buy')).toBe('submitting')
    expect(m.merchReducer('done', 'buy')).toBe('done')
    expect(m.merchReducer('submitting', 'close')).toBe('submitting')
    expect(m.merchReducer('idle', 'succeeded')).toBe('idle')
  })
})

describe('store prices', () => {
  it('drop .00 unless the zeros are kept', () => {
    expect(m.formatUsd('25.00')).toBe('$25')
    expect(m.formatUsd('25.00', true)).toBe('$25.00')
    expect(m.formatUsd('45.5')).toBe('$45.50')
    expect(m.formatUsd(1234)).toBe('$1,234')
    expect(m.formatUsd('x')).toBe('')
  })
})
