/** The generic alert modal (spec doc 1 §2 "Shared UI"): title, message, one button (default 'OK'). */
import { Button } from '@chakra-ui/react'
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react'
import { AlertDialog } from './AlertDialog'
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
      <AlertDialog
        open={current !== undefined}
        title={current?.title}
        message={current?.message}
        onClose={close}
        testId="alert-modal"
        initialFocusEl={() => buttonRef.current}
        footer={
          <Button ref={buttonRef} colorPalette="brand" onClick={close} width={{ base: 'full', sm: 'auto' }}>
            {current?.buttonText ?? 'OK'}
          </Button>
        }
      />
    </AlertContext.Provider>
  )
}
