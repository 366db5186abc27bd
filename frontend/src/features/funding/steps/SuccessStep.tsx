/** The wizard's end: it completes itself and the app goes where the server says (/app). */
import { Button, Spinner, Stack, Text } from '@chakra-ui/react'
import { useAutoSubmit } from '../../../flows/useAutoSubmit'

export function SuccessStep() {
  const { failed, retry, busy } = useAutoSubmit()
  return (
    <Stack gap="5" align="center" textAlign="center" py="6" aria-live="polite">
      {failed ? (
        <>
          <Text>We couldn't finish here.</Text>
          <Button colorPalette="brand" size="lg" onClick={retry} loading={busy}>
            Try again
          </Button>
        </>
      ) : (
        <>
          <Spinner size="lg" color="brand.500" />
          <Text color="fg.muted">You're all set. Taking you back to Vitrine…</Text>
        </>
      )}
    </Stack>
  )
}
