/** A Formik boolean as a Chakra checkbox with its label (and an error tied to it). */
import { Checkbox, Field } from '@chakra-ui/react'
import { useField } from 'formik'
import type { ReactNode } from 'react'
import { useShownError } from './useShownError'

export function CheckboxField({ name, children, disabled }: { name: string; children: ReactNode; disabled?: boolean }) {
  const [field, meta, helpers] = useField<boolean>(name)
  const error = useShownError(meta)
  const invalid = error !== undefined
  return (
    <Field.Root invalid={invalid} disabled={disabled}>
      <Checkbox.Root
        checked={field.value === true}
        onCheckedChange={(e) => void helpers.setValue(e.checked === true)}
        colorPalette="brand"
        alignItems="flex-start"
        invalid={invalid}
        disabled={disabled}
      >
        <Checkbox.HiddenInput name={name} onBlur={() => void helpers.setTouched(true, false)} />
        <Checkbox.Control mt="0.5" />
        <Checkbox.Label fontWeight="normal" lineHeight="1.5">
          {children}
        </Checkbox.Label>
      </Checkbox.Root>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  )
}
