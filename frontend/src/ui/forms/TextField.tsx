/**
 * A Formik text field in a Chakra Field: label, input, helper and error tied to the input (aria-describedby).
 * `format` rewrites what is typed (phone, date, SSN, money...); `mask` is what shows while the field is not focused.
 */
import { Field, Input, Text, type InputProps } from '@chakra-ui/react'
import { useField } from 'formik'
import { useId, useState, type ReactNode } from 'react'
import { useShownError } from './useShownError'

interface Props {
  name: string
  label: string
  type?: 'text' | 'email' | 'password' | 'tel'
  autoComplete?: string
  helper?: ReactNode
  placeholder?: string
  readOnly?: boolean
  disabled?: boolean
  optional?: boolean
  inputMode?: InputProps['inputMode']
  maxLength?: number
  format?: (value: string) => string
  mask?: (value: string) => string
}

export function TextField({ name, label, type = 'text', autoComplete, helper, placeholder, readOnly, disabled, optional, inputMode, maxLength, format, mask }: Props) {
  const [field, meta, helpers] = useField<string>(name)
  const [focused, setFocused] = useState(false)
  const error = useShownError(meta)
  const invalid = error !== undefined
  const id = useId()
  const ids = { control: `${id}-input`, label: `${id}-label`, helperText: `${id}-helper`, errorText: `${id}-error` }
  const describedBy = [helper ? ids.helperText : null, invalid ? ids.errorText : null].filter(Boolean).join(' ') || undefined
  const value = field.value == null ? '' : String(field.value)
  const shown = mask && !focused && value ? mask(value) : value
  const plain = type === 'text' || type === 'tel'
  return (
    <Field.Root invalid={invalid} readOnly={readOnly} disabled={disabled} ids={ids}>
      <Field.Label fontWeight="medium">
        {label}
        {optional ? (
          <Text as="span" fontWeight="normal" color="fg.muted">
            (optional)
          </Text>
        ) : null}
      </Field.Label>
      <Input
        name={field.name}
        value={shown}
        onChange={(e) => void helpers.setValue(format ? format(e.target.value) : e.target.value)}
        onFocus={() => setFocused(true)}
        onBlur={(e) => {
          setFocused(false)
          field.onBlur(e)
        }}
        type={type}
        autoComplete={autoComplete}
        placeholder={placeholder}
        bg="white"
        size="lg"
        inputMode={inputMode ?? (type === 'email' ? 'email' : type === 'tel' ? 'tel' : undefined)}
        maxLength={maxLength}
        autoCapitalize={plain ? undefined : 'none'}
        spellCheck={plain ? undefined : false}
        aria-describedby={describedBy}
      />
      {helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  )
}
