/** The generic alert modal (spec doc 1 §2 "Shared UI"): title, message, one button (default 'OK'). */
import { Button, Dialog, Portal, Text } from '@chakra-ui/react'
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react'
import { AlertContext, FAILURE_ALERT, type AlertApi, type AlertOptions } from './alertContext'

interface Pending extends AlertOptions {
  resolve: () => void
}

export function AlertProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Pending[]>([])
  const current = queue[0]
  const buttonRef = useRef<HTMLButtonElement>(null)

  const showAlert = useCallback(
    (options: AlertOptions) => new Promise<void>((resolve) => setQueue((q) => [...q, { ...options, resolve }])),
    [],
  )
  const api = useMemo<AlertApi>(() => ({ showAlert, showFailure: () => showAlert(FAILURE_ALERT) }), [showAlert])

  const close = () => {
    current?.resolve()
    setQueue((q) => q.slice(1))
  }

  return (
    <AlertContext.Provider value={api}>
      {children}
      <Dialog.Root
        role="alertdialog"
        open={current !== undefined}
        onOpenChange={(e) => (e.open ? undefined : close())}
        placement="center"
        initialFocusEl={() => buttonRef.current}
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner px="4">
            <Dialog.Content data-testid="alert-modal" borderRadius="xl" maxW="sm">
              <Dialog.Header>
                <Dialog.Title fontFamily="heading" fontSize="xl">
                  {current?.title}
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Dialog.Description asChild>
                  <Text color="fg.muted">{current?.message}</Text>
                </Dialog.Description>
              </Dialog.Body>
              <Dialog.Footer>
                <Button ref={buttonRef} colorPalette="brand" onClick={close} width={{ base: 'full', sm: 'auto' }}>
                  {current?.buttonText ?? 'OK'}
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </AlertContext.Provider>
  )
}
