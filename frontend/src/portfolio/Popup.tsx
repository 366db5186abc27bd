/** A portfolio popup: title, body and footer in a centred dialog (full width on phones); it cannot close while `locked`. */
import { CloseButton, Dialog, Portal } from '@chakra-ui/react'
import type { ReactNode } from 'react'

interface Props {
  title: string
  onClose: () => void
  locked?: boolean
  footer?: ReactNode
  children: ReactNode
  testId: string
}

export function Popup({ title, onClose, locked = false, footer, children, testId }: Props) {
  return (
    <Dialog.Root
      open
      onOpenChange={(e) => (e.open || locked ? undefined : onClose())}
      placement="center"
      closeOnInteractOutside={!locked}
      closeOnEscape={!locked}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content data-testid={testId} borderRadius="xl" maxW="md" aria-busy={locked}>
            <Dialog.Header pe="12">
              <Dialog.Title fontFamily="heading" fontSize="2xl">
                {title}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            {footer ? <Dialog.Footer>{footer}</Dialog.Footer> : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" disabled={locked} aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
