/**
 * The gift-code popup (spec doc 2 §2.7, §5 "Gift code"): the code is uppercased and trimmed, required ('Please enter a
 * gift code'), checked with POST /api/promocode/validate/ {redeemCode, asset}; the provider's message shows under the
 * field; a code for another asset is refused here too. A valid code is handed back as {value, redeemCode}.
 */
import { Button, Field, Input, Stack } from '@chakra-ui/react'
import { useId, useRef, useState, type FormEvent } from 'react'
import { ValidationError } from 'yup'
import { track } from '../../api/analytics'
import { validateGiftCode } from '../../api/purchase'
import { giftAssetError, normaliseGiftCode, type Gift } from './purchase'
import { giftCodeSchema } from './purchaseSchemas'
import { AlertDialog } from '../../ui/AlertDialog'

const FAILED = 'Sorry, something went wrong. Please try again.'

interface Props {
  open: boolean
  assetId: number
  ticker: string
  initialCode?: string
  onClose: () => void
  onApplied: (gift: Gift) => void
}

export function GiftCodeDialog({ open, assetId, ticker, initialCode = '', onClose, onApplied }: Props) {
  const [code, setCode] = useState(initialCode)
  const [error, setError] = useState<string | null>(null)
  const [checking, setChecking] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  const id = useId()
  const ids = { control: `${id}-input`, label: `${id}-label`, errorText: `${id}-error`, helperText: `${id}-helper` }

  const apply = async (e: FormEvent) => {
    e.preventDefault()
    // the popup is outside the step's form in the page, but React events still bubble to it
    e.stopPropagation()
    if (checking) return
    let redeemCode: string
    try {
      redeemCode = giftCodeSchema.validateSync({ redeemCode: code }).redeemCode
    } catch (failure) {
      setError(failure instanceof ValidationError ? failure.message : FAILED)
      inputRef.current?.focus()
      return
    }
    setCode(redeemCode)
    setError(null)
    setChecking(true)
    try {
      const answer = await validateGiftCode(redeemCode, assetId)
      if (!answer.ok) {
        setError(answer.message)
        inputRef.current?.focus()
        return
      }
      const foreign = giftAssetError(answer.gift, ticker)
      if (foreign) {
        setError(foreign)
        inputRef.current?.focus()
        return
      }
      track('Promo Code Applied')
      onApplied({ value: answer.gift.value, redeemCode: answer.gift.redeemCode, assetTicker: answer.gift.assetTicker })
    } catch {
      setError(FAILED)
    } finally {
      setChecking(false)
    }
  }

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
      onExitComplete={() => setError(null)}
      wrap={(content) => (
        <form onSubmit={(e) => void apply(e)} noValidate>
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
      <Field.Root invalid={error !== null} ids={ids}>
        <Field.Label fontWeight="medium">Gift code</Field.Label>
        <Input
          ref={inputRef}
          name="redeemCode"
          value={code}
          onChange={(e) => setCode(e.target.value.toUpperCase())}
          onBlur={() => setCode((c) => normaliseGiftCode(c))}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          size="lg"
          bg="white"
          data-testid="gift-code-input"
        />
        <div aria-live="assertive">
          <Field.ErrorText data-testid="gift-code-error">{error}</Field.ErrorText>
        </div>
      </Field.Root>
    </AlertDialog>
  )
}
