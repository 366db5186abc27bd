/**
 * The gift-code popup (spec doc 2 §2.7, §5 "Gift code"): the code is uppercased and trimmed, required ('Please enter a
 * gift code'), checked with POST /api/promocode/validate/ {redeemCode, asset}; the provider's message shows under the
 * field; a code for another asset is refused here too. A valid code is handed back as {value, redeemCode}.
 */
import { Button, Stack } from '@chakra-ui/react'
import { Formik, type FormikHelpers } from 'formik'
import { useEffect, useRef, type FormEvent } from 'react'
import { track } from '../../api/analytics'
import { validateGiftCode } from '../../api/purchase'
import { giftAssetError, normaliseGiftCode, type Gift } from './purchase'
import { giftCodeSchema } from './purchaseSchemas'
import { AlertDialog } from '../../ui/AlertDialog'
import { TextField } from '../../ui/forms/TextField'

const FAILED = 'Sorry, something went wrong. Please try again.'

interface Props {
  open: boolean
  assetId: number
  ticker: string
  initialCode?: string
  onClose: () => void
  onApplied: (gift: Gift) => void
}

interface Values {
  redeemCode: string
}

/** The code field: typed uppercased, trimmed when left, its error read out at once. */
const CODE_FIELD = {
  name: 'redeemCode',
  label: 'Gift code',
  format: (v: string) => v.toUpperCase(),
  normalize: normaliseGiftCode,
  autoComplete: 'off',
  autoCapitalize: 'characters',
  spellCheck: false,
  testId: 'gift-code-input',
  errorTestId: 'gift-code-error',
  announce: true,
}

/** Focus goes back to the field each time a submit ends with its error (the schema's or the server's). */
function useFocusOnError(error: string | undefined, submitCount: number) {
  const inputRef = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (submitCount > 0 && error) inputRef.current?.focus()
  }, [error, submitCount])
  return inputRef
}

export function GiftCodeDialog({ open, assetId, ticker, initialCode = '', onClose, onApplied }: Props) {
  const apply = async (values: Values, form: FormikHelpers<Values>) => {
    const redeemCode = normaliseGiftCode(values.redeemCode)
    await form.setFieldValue('redeemCode', redeemCode, false)
    try {
      const answer = await validateGiftCode(redeemCode, assetId)
      const refusal = answer.ok ? giftAssetError(answer.gift, ticker) : answer.message
      if (refusal || !answer.ok) {
        form.setFieldError('redeemCode', refusal ?? FAILED)
        return
      }
      track('Promo Code Applied')
      onApplied({ value: answer.gift.value, redeemCode: answer.gift.redeemCode, assetTicker: answer.gift.assetTicker })
    } catch {
      form.setFieldError('redeemCode', FAILED)
    }
  }

  // the server's answer stays under the field until the next Apply: nothing is checked while typing
  return (
    <Formik<Values> initialValues={{ redeemCode: initialCode }} validationSchema={giftCodeSchema} validateOnChange={false} validateOnBlur={false} onSubmit={apply}>
      {(form) => <GiftCodeForm open={open} checking={form.isSubmitting} error={form.errors.redeemCode} submitCount={form.submitCount} onClose={onClose} submit={form.handleSubmit} clear={() => form.setErrors({})} />}
    </Formik>
  )
}

interface FormProps {
  open: boolean
  checking: boolean
  error: string | undefined
  submitCount: number
  onClose: () => void
  submit: (e: FormEvent<HTMLFormElement>) => void
  clear: () => void
}

function GiftCodeForm({ open, checking, error, submitCount, onClose, submit, clear }: FormProps) {
  const inputRef = useFocusOnError(error, submitCount)
  return (
    <AlertDialog
      role="dialog"
      open={open}
      title="Have a gift code?"
      message="Enter your code and its value comes off the cost of this purchase."
      onClose={onClose}
      locked={checking}
      testId="gift-code-modal"
      closeButton
      initialFocusEl={() => inputRef.current}
      onExitComplete={clear}
      wrap={(content) => (
        <form
          onSubmit={(e) => {
            // the popup is outside the step's form in the page, but React events still bubble to it
            e.stopPropagation()
            if (!checking) submit(e)
            else e.preventDefault()
          }}
          noValidate
        >
          {content}
        </form>
      )}
      footer={
        <Stack w="full" gap="2" direction={{ base: 'column', sm: 'row-reverse' }}>
          <Button type="submit" colorPalette="brand" loading={checking} loadingText="Checking">
            Apply
          </Button>
          <Button variant="ghost" onClick={onClose} disabled={checking}>
            Cancel
          </Button>
        </Stack>
      }
    >
      <TextField {...CODE_FIELD} inputRef={inputRef} />
    </AlertDialog>
  )
}
