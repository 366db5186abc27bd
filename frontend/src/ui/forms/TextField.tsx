/**
 * A Formik text field in a Chakra Field: label, input, helper and error tied to the input (aria-describedby).
 * `format` rewrites what is typed (phone, date, SSN, money...), `normalize` the value when the field is left; `mask` is
 * what shows while the field is not focused. `prefix` is shown before the input (for the eye only: the label says it);
 * `announce` reads a new error out at once (aria-live assertive).
 */
import { Field, HStack, Input, Text, type InputProps } from '@chakra-ui/react'
import { useField } from 'formik'
import { useId, useState, type ReactNode, type Ref } from 'react'
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
  normalize?: (value: string) => string
  mask?: (value: string) => string
  autoFocus?: boolean
  autoCapitalize?: string
  spellCheck?: boolean
  inputRef?: Ref<HTMLInputElement>
  testId?: string
  errorTestId?: string
  announce?: boolean
  prefix?: ReactNode
  look?: Pick<InputProps, 'w' | 'textAlign' | 'fontSize' | 'fontWeight'>
}

export function TextField(props: Props) {
  const { name, label, type = 'text', autoComplete, helper, placeholder, readOnly, disabled, optional, inputMode, maxLength, format, normalize, mask } = props
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
  const input = (
    <Input
      ref={props.inputRef}
      name={field.name}
      value={shown}
      onChange={(e) => void helpers.setValue(format ? format(e.target.value) : e.target.value)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        setFocused(false)
        if (normalize) void helpers.setValue(normalize(e.target.value), false)
        field.onBlur(e)
      }}
      type={type}
      autoComplete={autoComplete}
      autoFocus={props.autoFocus}
      placeholder={placeholder}
      bg="white"
      size="lg"
      {...props.look}
      inputMode={inputMode ?? (type === 'email' ? 'email' : type === 'tel' ? 'tel' : undefined)}
      maxLength={maxLength}
      autoCapitalize={props.autoCapitalize ?? (plain ? undefined : 'none')}
      spellCheck={props.spellCheck ?? (plain ? undefined : false)}
      aria-describedby={describedBy}
      data-testid={props.testId}
    />
  )
  const errorText = <Field.ErrorText data-testid={props.errorTestId}>{error}</Field.ErrorText>
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
      {props.prefix ? (
        <HStack gap="1.5">
          <Text fontSize="xl" fontWeight="semibold" aria-hidden="true">
            {props.prefix}
          </Text>
          {input}
        </HStack>
      ) : (
        input
      )}
      {helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
      {props.announce ? <div aria-live="assertive">{errorText}</div> : errorText}
    </Field.Root>
  )
}
