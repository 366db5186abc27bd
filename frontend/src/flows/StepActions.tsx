/** A step's footer: Back (when the step has one) and the primary button; stacked full width on phones. */
import { Button, Flex } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { ChevronLeftIcon } from '../ui/icons'
import { useFlowStep } from './stepContext'

interface Props {
  /** the primary button's text; without it (and without children) only Back shows */
  label?: string
  /** a submit button of the surrounding form, unless onClick is given */
  onClick?: () => void
  disabled?: boolean
  /** shown in place of the primary button (e.g. two choices) */
  children?: ReactNode
}

export function StepActions({ label, onClick, disabled = false, children }: Props) {
  const { back, busy } = useFlowStep()
  return (
    <Flex direction={{ base: 'column-reverse', sm: 'row' }} justify="space-between" align={{ base: 'stretch', sm: 'center' }} gap="3" pt="2">
      {back ? (
        <Button variant="ghost" size="lg" onClick={back} disabled={busy !== null} loading={busy === 'back'} data-testid="flow-back">
          <ChevronLeftIcon /> Back
        </Button>
      ) : (
        <span />
      )}
      {children ?? (label === undefined ? null : (
        <Button
          type={onClick ? 'button' : 'submit'}
          onClick={onClick}
          colorPalette="brand"
          size="lg"
          minW={{ sm: '40' }}
          disabled={disabled || (busy !== null && busy !== 'submit')}
          loading={busy === 'submit'}
          loadingText="Saving"
        >
          {label}
        </Button>
      ))}
    </Flex>
  )
}
