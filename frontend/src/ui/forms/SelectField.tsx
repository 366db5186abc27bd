/** A Formik choice from a long list as a native select (the platform's own picker on phones). */
import { Field, NativeSelect } from '@chakra-ui/react'
import { useField } from 'formik'
import { useShownError } from './useShownError'

interface Props {
  name: string
  label: string
  options: readonly [string, string][]
  placeholder?: string
  autoComplete?: string
}

export function SelectField({ name, label, options, placeholder = 'Select', autoComplete }: Props) {
  const [field, meta] = useField<string>(name)
  const error = useShownError(meta)
  const invalid = error !== undefined
  return (
    <Field.Root invalid={invalid}>
      <Field.Label fontWeight="medium">{label}</Field.Label>
      <NativeSelect.Root size="lg">
        <NativeSelect.Field {...field} value={field.value ?? ''} autoComplete={autoComplete} bg="white">
          <option value="" disabled>
            {placeholder}
          </option>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  )
}
