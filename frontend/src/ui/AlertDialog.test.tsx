// @vitest-environment happy-dom
/** The one popup: title and message announced as an alert dialog, its buttons, closing, and no closing while locked. */
import { Button, ChakraProvider } from '@chakra-ui/react'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { system } from '../theme'
import { AlertDialog } from './AlertDialog'
import { AlertProvider } from './AlertProvider'
import { useAlert } from './alertContext'

afterEach(cleanup)

function popup(locked: boolean, onClose: () => void) {
  return render(
    <ChakraProvider value={system}>
      <AlertDialog title="Confirm your trade" message="Please confirm." onClose={onClose} locked={locked} testId="t" closeButton footer={<Button>Confirm</Button>} />
    </ChakraProvider>,
  )
}

describe('AlertDialog', () => {
  it('is an alert dialog named by its title and described by its message', async () => {
    popup(false, () => undefined)
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm your trade' })
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Please confirm.')
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeTruthy()
  })

  it('closes from its close button, but not while locked', async () => {
    const onClose = vi.fn()
    const { unmount } = popup(true, onClose)
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }))
    expect(onClose).not.toHaveBeenCalled()
    unmount()
    popup(false, onClose)
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
  })

  it('serves the alert queue: one alert at a time, each closed by its button', async () => {
    function Trigger() {
      const { showAlert } = useAlert()
      return (
        <Button
          onClick={() => {
            void showAlert({ title: 'First', message: 'one' })
            void showAlert({ title: 'Second', message: 'two', buttonText: 'Got it' })
          }}
        >
          open
        </Button>
      )
    }
    render(
      <ChakraProvider value={system}>
        <AlertProvider>
          <Trigger />
        </AlertProvider>
      </ChakraProvider>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'open' }))
    expect(await screen.findByRole('alertdialog', { name: 'First' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'OK' }))
    expect(await screen.findByRole('alertdialog', { name: 'Second' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
  })
})
