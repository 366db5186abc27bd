/**
 * The share counter: − and + buttons (hold to repeat: 500 ms, then every 50 ms) around a number input, kept between 1
 * and the maximum. The value is a Formik text field ('' while the person is typing), clamped when the input loses focus.
 */
import { Field, Flex, IconButton, Input } from '@chakra-ui/react'
import { useField } from 'formik'
import { useEffect, useId, useMemo, useRef, type PointerEvent, type MouseEvent } from 'react'
import { clampShares, sharesInput } from './purchase'
import { useShownError } from '../../ui/forms/useShownError'
import { createRepeater } from './repeat'

interface Props {
  name: string
  max: number
  disabled?: boolean
  label: string
}

export function ShareCounter({ name, max, disabled = false, label }: Props) {
  const [field, meta, helpers] = useField<string>(name)
  const error = useShownError(meta)
  const id = useId()
  const ids = { control: `${id}-input`, label: `${id}-label`, errorText: `${id}-error`, helperText: `${id}-helper` }
  const repeater = useMemo(() => createRepeater(), [])
  useEffect(() => () => repeater.stop(), [repeater])
  // the value as last set, read by the repeating steps between renders
  const current = useRef(field.value)
  current.current = field.value

  const set = (next: number) => {
    const value = String(clampShares(next, max))
    current.current = value
    void helpers.setValue(value)
  }
  const step = (delta: number) => {
    const before = Number(current.current) || 0
    // at a limit the hold ends (a button that turns disabled gets no pointerup)
    if (clampShares(before + delta, max) === before) repeater.stop()
    else set(before + delta)
  }
  const value = Number(field.value) || 0

  const press = (delta: number) => ({
    onPointerDown: (e: PointerEvent<HTMLButtonElement>) => {
      if (e.button !== 0) return
      repeater.start(() => step(delta))
    },
    onPointerUp: () => repeater.stop(),
    onPointerLeave: () => repeater.stop(),
    onPointerCancel: () => repeater.stop(),
    // keyboard (Enter / Space): one step; a pointer press has already stepped
    onClick: (e: MouseEvent<HTMLButtonElement>) => {
      if (e.detail === 0) step(delta)
    },
    onContextMenu: (e: MouseEvent<HTMLButtonElement>) => e.preventDefault(),
  })

  return (
    <Field.Root invalid={error !== undefined} disabled={disabled} ids={ids}>
      <Field.Label fontWeight="medium">{label}</Field.Label>
      <Flex gap="2" align="stretch" w="full" maxW="xs">
        <IconButton
          aria-label="Fewer shares"
          aria-controls={ids.control}
          variant="outline"
          size="lg"
          disabled={disabled || value <= 1}
          css={{ touchAction: 'manipulation', userSelect: 'none' }}
          data-testid="shares-minus"
          {...press(-1)}
        >
          <span aria-hidden="true">−</span>
        </IconButton>
        <Input
          name={field.name}
          value={field.value}
          onChange={(e) => {
            const digits = sharesInput(e.target.value)
            if (digits !== '' && Number(digits) > max) set(max)
            else void helpers.setValue(digits)
          }}
          onBlur={(e) => {
            field.onBlur(e)
            set(Number(field.value) || 1)
          }}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          size="lg"
          textAlign="center"
          fontSize="xl"
          fontWeight="semibold"
          bg="white"
          flex="1"
          minW="0"
          data-testid="shares-input"
        />
        <IconButton
          aria-label="More shares"
          aria-controls={ids.control}
          variant="outline"
          size="lg"
          disabled={disabled || value >= max}
          css={{ touchAction: 'manipulation', userSelect: 'none' }}
          data-testid="shares-plus"
          {...press(1)}
        >
          <span aria-hidden="true">+</span>
        </IconButton>
      </Flex>
      <div aria-live="polite">
        <Field.ErrorText>{error}</Field.ErrorText>
      </div>
    </Field.Root>
  )
}
