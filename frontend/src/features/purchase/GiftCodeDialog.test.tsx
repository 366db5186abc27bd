// @vitest-environment happy-dom
/**
 * The gift-code popup as a person meets it: Apply with nothing typed says so under the field and puts the cursor back
 * in it; the code is uppercased and trimmed before it is checked; the server's refusal and a code for another asset
 * show under the field (read out at once); a good code is handed back.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { json, loggedInEachTest, renderApp, stubApi } from '../../testing/render'
import { GiftCodeDialog } from './GiftCodeDialog'
import { GIFT_CODE_REQUIRED, type Gift } from './purchase'

loggedInEachTest()

function open(onApplied: (gift: Gift) => void = vi.fn()) {
  renderApp([{ path: '/', element: <GiftCodeDialog open assetId={12} ticker="#77A10" onClose={vi.fn()} onApplied={onApplied} /> }], '/')
  return screen.findByTestId('gift-code-input')
}

const apply = () => fireEvent.click(screen.getByRole('button', { name: 'Apply' }))

describe('the gift-code popup', () => {
  it('asks for a code when none is typed, and focuses the field', async () => {
    const seen = stubApi({})
    const input = await open()
    fireEvent.change(input, { target: { value: '  \u200b ' } })
    apply()
    expect((await screen.findByTestId('gift-code-error')).textContent).toContain(GIFT_CODE_REQUIRED)
    expect(screen.getByTestId('gift-code-error').closest('[aria-live="assertive"]')).not.toBeNull()
    expect(input.getAttribute('aria-invalid')).toBe('true')
    await waitFor(() => expect(document.activeElement).toBe(input))
    expect(seen).not.toContain('POST /api/promocode/validate/')
  })

  it('checks the code uppercased and trimmed and hands the gift back', async () => {
    const bodies: unknown[] = []
    stubApi({
      'POST /api/promocode/validate/': async (request) => {
        bodies.push(await request.json())
        return json({ value: '10.00', redeemCode: 'SPRING', assetTicker: '#77A10' })
      },
    })
    const applied = vi.fn()
    const input = await open(applied)
    fireEvent.change(input, { target: { value: ' spring ' } })
    expect((input as HTMLInputElement).value).toBe(' SPRING ')
    fireEvent.blur(input)
    expect((input as HTMLInputElement).value).toBe('SPRING')
    apply()
    await waitFor(() => expect(applied).toHaveBeenCalledWith({ value: '10.00', redeemCode: 'SPRING', assetTicker: '#77A10' }))
    expect(bodies).toEqual([{ redeemCode: 'SPRING', asset: 12 }])
  })

  it("shows the server's refusal, then a code for another asset, under the field", async () => {
    stubApi({
      'POST /api/promocode/validate/': [
        () => json({ errors: [{ message: 'Promo code is not valid' }] }, 400),
        () => json({ value: '10.00', redeemCode: 'OTHER', assetTicker: '#12B34' }),
      ],
    })
    const applied = vi.fn()
    const input = await open(applied)
    fireEvent.change(input, { target: { value: 'nope' } })
    apply()
    expect(await screen.findByText('Promo code is not valid')).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(input))
    // typing does not clear the answer: it stays until the next Apply
    fireEvent.change(input, { target: { value: 'other' } })
    expect(screen.getByTestId('gift-code-error').textContent).toContain('Promo code is not valid')
    apply()
    expect(await screen.findByText('This promo code is only valid for asset "#12B34".')).toBeTruthy()
    expect(applied).not.toHaveBeenCalled()
  })
})
