/**
 * The app's one popup (spec doc 1 §2 "Shared UI"): a centred dialog with a title, a message (its description), more
 * body, and a footer of buttons; full width on phones. Every popup of the app is this component: the generic alert,
 * flow errors and close warnings, confirm-trade, trading-approved, refusal notices, the funding popups, forms in a
 * popup (role 'dialog'). It cannot close while `locked` (a request is on its way).
 */
import { Box, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

export interface AlertDialogProps {
  /** default true: a popup shown by being rendered */
  open?: boolean
  title: ReactNode
  /** the popup wants to close (Escape, outside click, the close button); not called while locked */
  onClose: () => void
  testId: string
  /** the main text, announced as the dialog's description */
  message?: ReactNode
  /** more body after the message */
  children?: ReactNode
  footer?: ReactNode
  locked?: boolean
  /** 'alertdialog' for notices and confirmations (default), 'dialog' for a form or information */
  role?: 'alertdialog' | 'dialog'
  /** a close button in the corner */
  closeButton?: boolean
  width?: 'sm' | 'md'
  /** shown above the title, edge to edge (an image) */
  media?: ReactNode
  /** the body announces its changes */
  live?: boolean
  initialFocusEl?: () => HTMLElement | null
  onExitComplete?: () => void
  /** wraps title, body and footer (e.g. in a form) */
  wrap?: (content: ReactNode) => ReactNode
  /** extra data attribute on the content (e.g. a state name for tests) */
  stateName?: string
}

export function AlertDialog({
  open = true,
  title,
  onClose,
  testId,
  message,
  children,
  footer,
  locked = false,
  role = 'alertdialog',
  closeButton = false,
  width = 'sm',
  media,
  live = false,
  initialFocusEl,
  onExitComplete,
  wrap = (content) => content,
  stateName,
}: AlertDialogProps) {
  const description =
    message === undefined ? null : (
      <Dialog.Description asChild>
        <Text color="fg.muted" overflowWrap="anywhere">
          {message}
        </Text>
      </Dialog.Description>
    )
  const body = description && children !== undefined ? (
    <Stack gap="4">
      {description}
      {children}
    </Stack>
  ) : (
    (description ?? children)
  )
  return (
    <Dialog.Root
      role={role}
      open={open}
      onOpenChange={(e) => (e.open || locked ? undefined : onClose())}
      placement="center"
      closeOnInteractOutside={!locked}
      closeOnEscape={!locked}
      scrollBehavior="inside"
      {...(initialFocusEl ? { initialFocusEl } : {})}
      {...(onExitComplete ? { onExitComplete } : {})}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={{ base: '3', sm: '4' }}>
          <Dialog.Content data-testid={testId} data-state-name={stateName} borderRadius="xl" maxW={width} overflow="hidden" aria-busy={locked}>
            {media}
            {wrap(
              <>
                <Dialog.Header pe={closeButton ? '12' : undefined}>
                  <Dialog.Title fontFamily="heading" fontSize={width === 'md' ? '2xl' : 'xl'}>
                    {title}
                  </Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>{live ? <Box aria-live="polite">{body}</Box> : body}</Dialog.Body>
                {footer ? <Dialog.Footer>{footer}</Dialog.Footer> : null}
              </>,
            )}
            {closeButton ? (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" disabled={locked} aria-label="Close" bg={media ? 'whiteAlpha.800' : undefined} />
              </Dialog.CloseTrigger>
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
