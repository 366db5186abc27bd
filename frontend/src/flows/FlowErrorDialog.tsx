/** FlowState.error as an alert modal: its title and message, and when it names an action, a button going there. */
import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react'
import { useRef } from 'react'
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
    <Dialog.Root role="alertdialog" open={error !== null} onOpenChange={(e) => (e.open ? undefined : onDismiss())} placement="center" initialFocusEl={() => buttonRef.current}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content data-testid="flow-error-modal" borderRadius="xl" maxW="sm">
            <Dialog.Header>
              <Dialog.Title fontFamily="heading" fontSize="xl">
                {error?.title}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description asChild>
                <Text color="fg.muted">{error?.message}</Text>
              </Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
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
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
