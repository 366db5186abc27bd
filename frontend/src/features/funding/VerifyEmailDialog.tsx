/**
 * The verify-email popup (spec doc 2 §4, doc 3 §4.8): funding needs a verified primary e-mail. Prompt with a resend
 * button (POST /api/auth/email/verify/), then the resend's success or 'Sorry, something went wrong. Please try again later'.
 */
import { Alert, Button, Stack } from '@chakra-ui/react'
import { useRef, useState } from 'react'
import { resendEmailConfirmation } from '../../api/endpoints'
import { verifyEmailMessage } from '../../domain/transfers'
import { AlertDialog } from '../../ui/AlertDialog'

const RESEND_FAILED = 'Sorry, something went wrong. Please try again later'

interface Props {
  email: string | null
  onClose: () => void
}

export function VerifyEmailDialog({ email, onClose }: Props) {
  const [state, setState] = useState<'prompt' | 'sending' | 'sent' | 'failed'>('prompt')
  const closeRef = useRef<HTMLButtonElement>(null)
  const resend = async () => {
    if (!email) return
    setState('sending')
    try {
      await resendEmailConfirmation(email)
      setState('sent')
    } catch {
      setState('failed')
    }
  }
  return (
    <AlertDialog
      open={email !== null}
      title="Please Verify Your Email"
      message={email ? verifyEmailMessage(email) : ''}
      onClose={onClose}
      testId="verify-email-modal"
      width="md"
      initialFocusEl={() => closeRef.current}
      footer={
        <Stack w="full" gap="2" direction={{ base: 'column', sm: 'row-reverse' }}>
          <Button colorPalette="brand" onClick={() => void resend()} loading={state === 'sending'} disabled={state === 'sent'}>
            Resend verification e-mail
          </Button>
          <Button ref={closeRef} variant="ghost" onClick={onClose}>
            Close
          </Button>
        </Stack>
      }
    >
      <div aria-live="polite">
        {state === 'sent' ? (
          <Alert.Root status="success" borderRadius="lg" minW="0">
            <Alert.Indicator />
            <Alert.Description overflowWrap="anywhere" minW="0">
              We sent a new confirmation link to {email}. Open it, then come back here.
            </Alert.Description>
          </Alert.Root>
        ) : state === 'failed' ? (
          <Alert.Root status="error" borderRadius="lg">
            <Alert.Indicator />
            <Alert.Description>{RESEND_FAILED}</Alert.Description>
          </Alert.Root>
        ) : null}
      </div>
    </AlertDialog>
  )
}
