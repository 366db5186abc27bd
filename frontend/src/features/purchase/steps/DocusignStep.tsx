/**
 * docusign: the e-signature provider's signing page in a frame ('Preparing e-signature' until it has loaded). The
 * provider returns the frame to /dcsigncllbck, which posts 'OK' | 'cancel' | 'decline' | 'error' to this window; only
 * such a message from this origin and this frame is submitted as {event}. The server checks 'OK' with the provider
 * (a browser message alone is never trusted) and the provider's webhook may move the flow first: the workflow
 * publishes that move, which arrives over the flow's event stream (useFlow). cancel / decline / error fail the flow
 * ('Unable to purchase the share', shown by the renderer).
 */
import { Box, Center, Spinner, Stack, Text } from '@chakra-ui/react'
import { useEffect, useRef, useState } from 'react'
import { track, trackView } from '../../../api/analytics'
import { PREPARING_SIGNATURE, type SigningEvent } from '../purchase'
import { useFlowStep } from '../../../flows/stepContext'
import { FormAlert } from '../../../ui/forms/FormAlert'
import { text } from '../context'
import { createSigningListener } from '../signingListener'

export function DocusignStep() {
  const { context, submit } = useFlowStep()
  const url = text(context.envelope_view_url)
  const frameRef = useRef<HTMLIFrameElement>(null)
  const [loaded, setLoaded] = useState(false)
  const [sent, setSent] = useState<SigningEvent | null>(null)
  const [messages, setMessages] = useState<string[]>([])

  useEffect(() => trackView('Agreement'), [])
  const submitRef = useRef(submit)
  submitRef.current = submit
  useEffect(() => {
    const onMessage = createSigningListener({
      origin: window.location.origin,
      frame: () => frameRef.current?.contentWindow ?? null,
      onSending: (event) => {
        setSent(event)
        if (event) setMessages([])
      },
      send: async (event) => {
        const outcome = await submitRef.current({ event })
        if (outcome?.kind === 'invalid' || outcome?.kind === 'moved') setMessages(outcome.error.messages)
        if (outcome?.kind === 'state' && event === 'OK') track('Agreement Signed')
        // nothing recorded: the person may sign again in the frame
        return outcome?.kind === 'state'
      },
    })
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [])

  const preparing = !url || !loaded
  return (
    <Stack gap="4">
      <Text color="fg.muted">Review the subscription agreement and sign it below. It takes a minute.</Text>
      <div aria-live="assertive" aria-atomic="true">
        <FormAlert messages={messages} />
      </div>
      {sent === 'OK' ? (
        <Center role="status" flexDirection="column" gap="3" py="16" data-testid="signature-checking">
          <Spinner size="lg" color="brand.500" />
          <Text color="fg.muted">Checking your signature…</Text>
        </Center>
      ) : (
        <Box position="relative" borderWidth="1px" borderColor="border.muted" borderRadius="xl" overflow="hidden" h={{ base: '70vh', md: '640px' }} minH="420px" bg="white">
          {preparing ? (
            <Center role="status" position="absolute" inset="0" flexDirection="column" gap="3" bg="white" zIndex="1" data-testid="esign-preparing">
              <Spinner size="lg" color="brand.500" />
              <Text color="fg.muted">{PREPARING_SIGNATURE}</Text>
            </Center>
          ) : null}
          {url ? (
            <iframe
              ref={frameRef}
              src={url}
              title="E-signature: subscription agreement"
              onLoad={() => setLoaded(true)}
              style={{ width: '100%', height: '100%', border: 0, display: 'block' }}
              data-testid="esign-frame"
            />
          ) : null}
        </Box>
      )}
    </Stack>
  )
}
