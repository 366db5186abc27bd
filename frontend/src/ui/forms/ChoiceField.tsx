/**
 * A Formik radio choice as Chakra radio cards: a fieldset with a legend, one card per option (label and optional
 * description), arrow keys move between options; the error is announced and tied to the group.
 */
import { Fieldset, RadioCard, Stack, type RadioCardRootProps } from '@chakra-ui/react'
import { useField } from 'formik'
import { useId, type ReactNode } from 'react'
import { useShownError } from './useShownError'

export interface Choice<T> {
  value: T
  label: string
  description?: ReactNode
}

interface Props<T> {
  name: string
  legend: string
  hideLegend?: boolean
  options: readonly Choice<T>[]
  columns?: RadioCardRootProps['orientation']
  disabled?: boolean
}

/** Radio values are strings: booleans travel as 'true' / 'false'. */
const encode = (v: unknown) => (v === null || v === undefined ? '' : String(v))

export function ChoiceField<T extends string | boolean>({ name, legend, hideLegend, options, columns = 'vertical', disabled }: Props<T>) {
  const [field, meta, helpers] = useField<T | '' | null>(name)
  const error = useShownError(meta)
  const invalid = error !== undefined
  const errorId = `${useId()}-error`
  return (
    <Fieldset.Root invalid={invalid} disabled={disabled}>
      <Fieldset.Legend fontWeight="medium" fontSize="md" srOnly={hideLegend}>
        {legend}
      </Fieldset.Legend>
      <RadioCard.Root
        name={name}
        value={encode(field.value)}
        onValueChange={(e) => {
          const option = options.find((o) => encode(o.value) === e.value)
          if (option) void helpers.setValue(option.value)
        }}
        orientation="horizontal"
        align="start"
        colorPalette="gold"
        variant="outline"
        aria-describedby={invalid ? errorId : undefined}
        aria-invalid={invalid || undefined}
        mt={hideLegend ? undefined : '2'}
      >
        <Stack gap="3" direction={columns === 'horizontal' ? 'row' : 'column'}>
          {options.map((o) => (
            <RadioCard.Item key={encode(o.value)} value={encode(o.value)} flex="1" bg="white">
              <RadioCard.ItemHiddenInput onBlur={() => void helpers.setTouched(true, false)} />
              <RadioCard.ItemControl>
                <RadioCard.ItemContent>
                  <RadioCard.ItemText fontWeight="semibold">{o.label}</RadioCard.ItemText>
                  {o.description ? <RadioCard.ItemDescription>{o.description}</RadioCard.ItemDescription> : null}
                </RadioCard.ItemContent>
                <RadioCard.ItemIndicator />
              </RadioCard.ItemControl>
            </RadioCard.Item>
          ))}
        </Stack>
      </RadioCard.Root>
      <Fieldset.ErrorText id={errorId}>{error}</Fieldset.ErrorText>
    </Fieldset.Root>
  )
}
