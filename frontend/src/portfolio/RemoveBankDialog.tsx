/**
 * Removing the linked bank (spec doc 3 §4.10): a warning, then a loader, then 'Success!' or 'Whoops!' with the reason
 * (a balance or anything pending blocks it; the server checks again).
 */
import { Button, Dialog, Portal, Spinner, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { removeBank, type FundingSource } from '../api/funding'
import { errorFromThrown } from '../api/errors'
import { REMOVAL_BLOCKED } from '../domain/fundingGate'

const FAILED = 'Something went wrong, please try again later'
type Step = { kind: 'warning' } | { kind: 'removing' } | { kind: 'success' } | { kind: 'error'; message: string }

interface Props {
  source: FundingSource | null
  open: boolean
  allowed: boolean
  onClose: () => void
  onRemoved: () => void
}

export function RemoveBankDialog({ source, open, allowed, onClose, onRemoved }: Props) {
  const [step, setStep] = useState<Step>({ kind: 'warning' })
  const close = () => {
    if (step.kind === 'removing') return
    if (step.kind === 'success') onRemoved()
    setStep({ kind: 'warning' })
    onClose()
  }
  const remove = async () => {
    if (!allowed) {
      setStep({ kind: 'error', message: REMOVAL_BLOCKED })
      return
    }
    setStep({ kind: 'removing' })
    try {
      await removeBank()
      setStep({ kind: 'success' })
    } catch (error) {
      const e = errorFromThrown(error)
      setStep({ kind: 'error', message: e.body?.errors?.[0]?.message ?? FAILED })
    }
  }
  const title = { warning: 'Remove Bank Account', removing: 'Removing…', success: 'Success!', error: 'Whoops!' }[step.kind]
  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(e) => (e.open ? undefined : close())} placement="center" closeOnInteractOutside={step.kind !== 'removing'}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content data-testid="remove-bank-modal" borderRadius="xl" maxW="sm">
            <Dialog.Header>
              <Dialog.Title fontFamily="heading" fontSize="xl">
                {title}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body aria-live="polite">
              {step.kind === 'removing' ? (
                <Stack align="center" py="4">
                  <Spinner size="lg" color="brand.500" />
                </Stack>
              ) : (
                <Dialog.Description asChild>
                  <Text color="fg.muted">
                    {step.kind === 'warning'
                      ? `Remove ${source?.name ?? 'your bank'} ••••${source?.accountNumberTail ?? ''}? You will need to link a bank account again before you can deposit or withdraw.`
                      : step.kind === 'success'
                        ? 'Your bank account was removed.'
                        : step.message}
                  </Text>
                </Dialog.Description>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              {step.kind === 'warning' ? (
                <Stack w="full" gap="2" direction={{ base: 'column', sm: 'row-reverse' }}>
                  <Button colorPalette="red" onClick={() => void remove()}>
                    Remove
                  </Button>
                  <Button variant="ghost" onClick={close}>
                    Cancel
                  </Button>
                </Stack>
              ) : step.kind === 'removing' ? null : (
                <Button colorPalette="brand" onClick={close} w={{ base: 'full', sm: 'auto' }}>
                  OKAY
                </Button>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
