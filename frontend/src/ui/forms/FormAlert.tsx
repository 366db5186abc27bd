import { Alert, List } from '@chakra-ui/react'

/** A form-level message: one line, or a list when the server gave several. */
export function FormAlert({ messages, status = 'error' }: { messages: readonly string[]; status?: 'error' | 'info' | 'success' }) {
  if (messages.length === 0) return null
  return (
    <Alert.Root status={status} borderRadius="lg" data-testid={`form-${status}`} role={status === 'error' ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Content>
        {messages.length === 1 ? (
          <Alert.Description>{messages[0]}</Alert.Description>
        ) : (
          <List.Root ps="4">
            {messages.map((m) => (
              <List.Item key={m}>{m}</List.Item>
            ))}
          </List.Root>
        )}
      </Alert.Content>
    </Alert.Root>
  )
}
