/** FlowState.error as an alert modal: its title and message, and when it names an action, a button going there. */
import { Button, Stack } from '@chakra-ui/react'
import { useRef } from 'react'
import { AlertDialog } from '../ui/AlertDialog'
import type { FlowError } from './types'

interface Props {
  error: FlowError | null
  onDismiss: () => void
  onAction: (to: string) => void
}

export function FlowErrorDialog({ error, onDismiss, onAction }: Props) {
  const buttonRef = useRef<HTMLButtonElement>(null)
  const action = error?.action ?? null
  return (
    <AlertDialog
      open={error !== null}
      title={error?.title}
      message={error?.message}
      onClose={onDismiss}
      testId="flow-error-modal"
      initialFocusEl={() => buttonRef.current}
      footer={
        <Stack w="full" gap="2" direction={{ base: 'column', sm: 'row-reverse' }}>
          <Button ref={buttonRef} colorPalette="brand" onClick={() => (action ? onAction(action) : onDismiss())}>
            OKAY
          </Button>
          {action ? (
            <Button variant="ghost" onClick={onDismiss}>
              Not now
            </Button>
          ) : null}
        </Stack>
      }
    />
  )
}
