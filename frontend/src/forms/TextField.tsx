/** A Formik text field in a Chakra Field: label, input, helper and error tied to the input (aria-describedby). */
import { Field, Input } from '@chakra-ui/react'
import { useField } from 'formik'
import { useId, type ReactNode } from 'react'

interface Props {
  name: string
  label: string
  type?: 'text' | 'email' | 'password'
  autoComplete?: string
  helper?: ReactNode
  placeholder?: string
  readOnly?: boolean
}

export function TextField({ name, label, type = 'text', autoComplete, helper, placeholder, readOnly }: Props) {
  const [field, meta] = useField<string>(name)
  const invalid = meta.touched && Boolean(meta.error)
  const id = useId()
  const ids = { control: `${id}-input`, label: `${id}-label`, helperText: `${id}-helper`, errorText: `${id}-error` }
  const describedBy = [helper ? ids.helperText : null, invalid ? ids.errorText : null].filter(Boolean).join(' ') || undefined
  return (
    <Field.Root invalid={invalid} readOnly={readOnly} ids={ids}>
      <Field.Label fontWeight="medium">{label}</Field.Label>
      <Input
        {...field}
        value={field.value ?? ''}
        type={type}
        autoComplete={autoComplete}
        placeholder={placeholder}
        bg="white"
        size="lg"
        inputMode={type === 'email' ? 'email' : undefined}
        autoCapitalize={type === 'text' ? undefined : 'none'}
        spellCheck={type === 'text' ? undefined : false}
        aria-describedby={describedBy}
      />
      {helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
      <Field.ErrorText>{meta.error}</Field.ErrorText>
    </Field.Root>
  )
}
