/** The last step hands over to the fund-account wizard (the server's result.redirect); it submits by itself. */
import { Button, Spinner, Stack, Text } from '@chakra-ui/react'
import { useEffect, useRef, useState } from 'react'
import { useFlowStep } from '../../flows/stepContext'

export function FundAccountStep() {
  const { submit, busy } = useFlowStep()
  const [failed, setFailed] = useState(false)
  const sent = useRef(false)
  const go = async () => {
    setFailed(false)
    const outcome = await submit({})
    if (outcome?.kind !== 'state') setFailed(true)
  }
  // once the move that brought the flow here has finished
  useEffect(() => {
    if (sent.current || busy !== null) return
    sent.current = true
    void go()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [busy])
  return (
    <Stack gap="5" align="center" textAlign="center" py="6" aria-live="polite">
      {failed ? (
        <>
          <Text>We couldn't open the funding page.</Text>
          <Button colorPalette="brand" size="lg" onClick={() => void go()} loading={busy === 'submit'}>
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
