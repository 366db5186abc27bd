/**
 * The verify-email popup (spec doc 2 §4, doc 3 §4.8): funding needs a verified primary e-mail. Prompt with a resend
 * button (POST /api/auth/email/verify/), then the resend's success or 'Sorry, something went wrong. Please try again later'.
 */
import { Alert, Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react'
import { useRef, useState } from 'react'
import { resendEmailConfirmation } from '../api/endpoints'
import { verifyEmailMessage } from '../domain/transfers'

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
    <Dialog.Root role="alertdialog" open={email !== null} onOpenChange={(e) => (e.open ? undefined : onClose())} placement="center" initialFocusEl={() => closeRef.current}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content data-testid="verify-email-modal" borderRadius="xl" maxW="md">
            <Dialog.Header>
              <Dialog.Title fontFamily="heading" fontSize="xl">
                Please Verify Your Email
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Dialog.Description asChild>
                  <Text color="fg.muted" overflowWrap="anywhere">
                    {email ? verifyEmailMessage(email) : ''}
                  </Text>
                </Dialog.Description>
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
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Stack w="full" gap="2" direction={{ base: 'column', sm: 'row-reverse' }}>
                <Button colorPalette="brand" onClick={() => void resend()} loading={state === 'sending'} disabled={state === 'sent'}>
                  Resend verification e-mail
                </Button>
                <Button ref={closeRef} variant="ghost" onClick={onClose}>
                  Close
                </Button>
              </Stack>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
