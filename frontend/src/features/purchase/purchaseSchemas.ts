/**
 * Yup schemas of the purchase steps (docs/purchase.md "Errors"), on the rules of purchase.ts with the server's
 * messages: what the browser checks before a step is sent; the server checks again and its 422 has the last word.
 */
import * as Yup from 'yup'
import { AGREEMENT_REQUIRED, canAgree, GIFT_CODE_REQUIRED, normaliseGiftCode, SCROLL_TO_AGREE, sharesError, TERMS_REQUIRED, TOS3_REQUIRED } from './purchase'

const mustBeTrue = (message: string) => Yup.boolean().default(false).oneOf([true], message)

export const dwollaTosSchema = Yup.object({ agreedWithTos3: mustBeTrue(TOS3_REQUIRED) })

export const selectSharesSchema = (max: number, maximumReached: boolean) =>
  Yup.object({
    shares: Yup.mixed().test('shares', function test(value) {
      const message = sharesError(value, max, maximumReached)
      return message ? this.createError({ message }) : true
    }),
    giftCode: Yup.string().default(''),
  })

export const giftCodeSchema = Yup.object({
  redeemCode: Yup.string()
    .default('')
    .transform((v: unknown) => (typeof v === 'string' ? normaliseGiftCode(v) : v))
    .required(GIFT_CODE_REQUIRED),
})

/** The agreement: read to about the end (read_ratio), then the checkbox. */
export const agreementSchema = Yup.object({
  read_ratio: Yup.number().default(0).test('read', SCROLL_TO_AGREE, (v) => canAgree(v ?? 0)),
  agreed: mustBeTrue(AGREEMENT_REQUIRED),
})

export const confirmPurchaseSchema = Yup.object({ agreeTerms: mustBeTrue(TERMS_REQUIRED) })
