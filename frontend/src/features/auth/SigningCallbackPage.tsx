/**
 * /dcsigncllbck?event=…: the document-signing provider's return page, loaded inside a frame (spec doc 1 §4).
 * It tells the parent window the outcome; outside a frame it goes to /.
 */
import { Box, Spinner, Text } from '@chakra-ui/react'
import { useEffect } from 'react'
import { Navigate, useSearchParams } from 'react-router'
import { SUPPORT_EMAIL } from '../../config'
import { replyTarget, signingReply } from '../../domain/signingCallback'

function inFrame(): boolean {
  try {
    return window.self !== window.top
  } catch {
    return true // a cross-origin parent cannot be read: we are framed
  }
}

export function SigningCallbackPage() {
  const [params] = useSearchParams()
  const reply = signingReply(params.get('event'))
  const framed = inFrame()

  useEffect(() => {
    if (!framed) return undefined
    const ancestors = window.location.ancestorOrigins ? Array.from(window.location.ancestorOrigins) : undefined
    const target = replyTarget(window.location.origin, ancestors)
    const timer = window.setTimeout(() => window.parent.postMessage(reply.message, target), reply.delayMs)
    return () => window.clearTimeout(timer)
  }, [framed, reply.message, reply.delayMs])

  if (!framed) return <Navigate to="/" replace />
  return (
    <Box p="6" textAlign="center">
      {reply.showError ? (
        <Text role="alert" color="red.600">
          E-signature error: please contact support at {SUPPORT_EMAIL}
        </Text>
      ) : (
        <Spinner color="brand.500" aria-label="Returning to Vitrine" />
      )}
    </Box>
  )
}
