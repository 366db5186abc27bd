/**
 * Removing the linked bank (spec doc 3 §4.10): a warning, then a loader, then 'Success!' or 'Whoops!' with the reason
 * (a balance or anything pending blocks it; the server checks again).
 */
import { Button, Spinner, Stack } from '@chakra-ui/react'
import { useState } from 'react'
import type { FundingSource } from '../../api/funding'
import { useRemoveBank } from '../../api/mutations'
import { errorMessage } from '../../api/errors'
import { REMOVAL_BLOCKED } from '../../domain/fundingGate'
import { AlertDialog } from '../../ui/AlertDialog'

const FAILED = 'Something went wrong, please try again later'
type Step = { kind: 'warning' } | { kind: 'removing' } | { kind: 'success' } | { kind: 'error'; message: string }

interface Props {
  source: FundingSource | null
  open: boolean
  allowed: boolean
  onClose: () => void
}

export function RemoveBankDialog({ source, open, allowed, onClose }: Props) {
  const [step, setStep] = useState<Step>({ kind: 'warning' })
  const removal = useRemoveBank()
  const close = () => {
    if (step.kind === 'removing') return
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
      await removal.mutateAsync()
      setStep({ kind: 'success' })
    } catch (error) {
      setStep({ kind: 'error', message: errorMessage(error, FAILED) })
    }
  }
  const title = { warning: 'Remove Bank Account', removing: 'Removing…', success: 'Success!', error: 'Whoops!' }[step.kind]
  return (
    <AlertDialog
      open={open}
      title={title}
      onClose={close}
      locked={step.kind === 'removing'}
      testId="remove-bank-modal"
      live
      {...(step.kind === 'removing'
        ? {
            children: (
              <Stack align="center" py="4">
                <Spinner size="lg" color="brand.500" />
              </Stack>
            ),
          }
        : {
            message:
              step.kind === 'warning'
                ? `Remove ${source?.name ?? 'your bank'} ••••${source?.accountNumberTail ?? ''}? You will need to link a bank account again before you can deposit or withdraw.`
                : step.kind === 'success'
                  ? 'Your bank account was removed.'
                  : step.message,
          })}
      footer={
        step.kind === 'warning' ? (
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
        )
      }
    />
  )
}
