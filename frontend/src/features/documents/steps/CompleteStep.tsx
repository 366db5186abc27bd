/** The document was received: the server's message, and Done (the flow then goes to /app). */
import { Alert, Stack, Text } from '@chakra-ui/react'
import { StepActions } from '../../../flows/StepActions'
import { useFlowStep } from '../../../flows/stepContext'

export function CompleteStep() {
  const { submit, context } = useFlowStep()
  const message = typeof context.message === 'string' && context.message ? context.message : 'Thanks! Your ID was received.'
  return (
    <Stack gap="6">
      <Alert.Root status="success" borderRadius="lg" data-testid="document-complete">
        <Alert.Indicator />
        <Alert.Description>{message}</Alert.Description>
      </Alert.Root>
      <Text color="fg.muted">We'll e-mail you once your identity is verified. Meanwhile you can keep exploring Vitrine.</Text>
      <StepActions label="Done" onClick={() => void submit({})} />
    </Stack>
  )
}
