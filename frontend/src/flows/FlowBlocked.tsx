/** A flow that cannot go on (FlowState.status failed, e.g. a blocked state or a customer that may not fund): its error
 * replaces the step, with the way to fix it when the server names one. */
import { Button, Heading, Stack, Text } from '@chakra-ui/react'
import { useEffect, useRef } from 'react'
import type { FlowError } from './types'

interface Props {
  error: FlowError
  exitTo: string
  onGo: (to: string) => void
}

export function FlowBlocked({ error, exitTo, onGo }: Props) {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => ref.current?.focus(), [])
  const action = error.action && error.action !== exitTo ? error.action : null
  return (
    <Stack gap="5" py={{ base: '2', md: '4' }} role="alert" data-testid="flow-blocked">
      <Heading ref={ref} as="h1" tabIndex={-1} outline="none" fontFamily="heading" size={{ base: '2xl', md: '3xl' }} fontWeight="semibold">
        {error.title}
      </Heading>
      <Text color="fg.muted" fontSize="lg">
        {error.message}
      </Text>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" pt="2">
        <Button colorPalette="brand" size="lg" minW={{ sm: '40' }} onClick={() => onGo(action ?? exitTo)}>
          OKAY
        </Button>
        {action ? (
          <Button variant="ghost" size="lg" onClick={() => onGo(exitTo)}>
            Not now
          </Button>
        ) : null}
      </Stack>
    </Stack>
  )
}
