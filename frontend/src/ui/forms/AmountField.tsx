/**
 * A Formik money field: '$' in front, decimals only (formatAmountInput), placeholder 0.00. Its error shows as soon as
 * something is typed (the form's button stays disabled while the amount is invalid, so there is no submit to wait for).
 */
import { Field, Input, InputGroup } from '@chakra-ui/react'
import { useField } from 'formik'
import { useId, type ReactNode } from 'react'
import { formatAmountInput } from '../../domain/transfers'

interface Props {
  name: string
  label: string
  helper?: ReactNode
  disabled?: boolean
  autoFocus?: boolean
}

export function AmountField({ name, label, helper, disabled, autoFocus }: Props) {
  const [field, meta, helpers] = useField<string>(name)
  const id = useId()
  const ids = { control: `${id}-input`, label: `${id}-label`, helperText: `${id}-helper`, errorText: `${id}-error` }
  const value = field.value ?? ''
  const error = (meta.touched || value !== '') && typeof meta.error === 'string' ? meta.error : undefined
  const describedBy = [helper ? ids.helperText : null, error ? ids.errorText : null].filter(Boolean).join(' ') || undefined
  return (
    <Field.Root invalid={error !== undefined} disabled={disabled} ids={ids}>
      <Field.Label fontWeight="medium">{label}</Field.Label>
      <InputGroup startElement="$" startElementProps={{ color: 'fg', fontWeight: 'semibold', fontSize: 'lg' }}>
        <Input
          name={field.name}
          value={value}
          onChange={(e) => void helpers.setValue(formatAmountInput(e.target.value))}
          onBlur={field.onBlur}
          placeholder="0.00"
          inputMode="decimal"
          autoComplete="off"
          size="lg"
          bg="white"
          fontSize="lg"
          autoFocus={autoFocus}
          aria-describedby={describedBy}
          data-testid="amount-input"
        />
      </InputGroup>
      {helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
      <div aria-live="polite">
        <Field.ErrorText>{error}</Field.ErrorText>
      </div>
    </Field.Root>
  )
}
