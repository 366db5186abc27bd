/** The last step hands over to the fund-account wizard (the server's result.redirect); it submits by itself. */
import { Button, Spinner, Stack, Text } from '@chakra-ui/react'
import { useAutoSubmit } from '../../../flows/useAutoSubmit'

export function FundAccountStep() {
  const { failed, retry, busy } = useAutoSubmit()
  return (
    <Stack gap="5" align="center" textAlign="center" py="6" aria-live="polite">
      {failed ? (
        <>
          <Text>We couldn't open the funding page.</Text>
          <Button colorPalette="brand" size="lg" onClick={retry} loading={busy}>
            Fund your account
          </Button>
        </>
      ) : (
        <>
          <Spinner size="lg" color="brand.500" />
          <Text color="fg.muted">Taking you to fund your account…</Text>
        </>
      )}
    </Stack>
  )
}
