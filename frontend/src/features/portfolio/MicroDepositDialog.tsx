/**
 * /app/investments/microdeposits (spec doc 3 §4.9, §5): the two micro-deposit amounts, one digit each (sent as 0.0{d}),
 * then 'Micro Deposit Checking Success' or, on the form, 'Micro Deposit Checking Failure' with the server's reason.
 */
import { Alert, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useVerifyMicroDeposits } from '../../api/mutations'
import { errorMessage } from '../../api/errors'
import { SUPPORT_EMAIL } from '../../config'
import { microDepositValue, microDigit } from '../../domain/transfers'
import { AlertDialog } from '../../ui/AlertDialog'

const VERIFIED = 'You bank account was verified.'
const FAILED = 'Something went wrong, please try again'

export function MicroDepositDialog() {
  const navigate = useNavigate()
  const verify = useVerifyMicroDeposits()
  const [digits, setDigits] = useState(['', ''])
  const [sending, setSending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [verified, setVerified] = useState<string | null>(null)
  const close = () => navigate('/app/investments')

  const send = async () => {
    setSending(true)
    setFailure(null)
    try {
      const answer = await verify.mutateAsync({ value1: microDepositValue(digits[0] ?? ''), value2: microDepositValue(digits[1] ?? '') })
      setVerified(answer.message || VERIFIED)
    } catch (error) {
      setFailure(errorMessage(error, FAILED))
    } finally {
      setSending(false)
    }
  }

  if (verified) {
    return (
      <AlertDialog closeButton width="md" title="Micro Deposit Checking Success" onClose={close} testId="micro-deposit-modal" footer={<Button colorPalette="brand" onClick={close} w={{ base: 'full', sm: 'auto' }}>OKAY</Button>}>
        <Text color="fg.muted" role="status">
          {verified}
        </Text>
      </AlertDialog>
    )
  }
  const complete = digits.every((d) => d !== '')
  return (
    <AlertDialog closeButton width="md" role="dialog" title="Verify Your Bank Account" onClose={close} locked={sending} testId="micro-deposit-modal">
      <form
        onSubmit={(e) => {
          e.preventDefault()
          if (complete && !sending) void send()
        }}
      >
        <Stack gap="5">
          <Text color="fg.muted">Two small deposits, each under $0.10, were sent to your bank account. Enter their amounts as they appear on your statement: the last digit of each, e.g. 7 for $0.07.</Text>
          <HStack gap="3" align="flex-start">
            {[0, 1].map((i) => (
              <Field.Root key={i} flex="1">
                <Field.Label fontWeight="medium">{i === 0 ? 'First deposit' : 'Second deposit'}</Field.Label>
                <HStack gap="1.5">
                  <Text fontSize="xl" fontWeight="semibold" aria-hidden="true">
                    $0.0
                  </Text>
                  <Input
                    value={digits[i]}
                    onChange={(e) => setDigits((d) => d.map((v, j) => (j === i ? microDigit(e.target.value) : v)))}
                    inputMode="numeric"
                    maxLength={1}
                    size="lg"
                    w="14"
                    textAlign="center"
                    fontSize="xl"
                    fontWeight="semibold"
                    autoComplete="off"
                    autoFocus={i === 0}
                    data-testid={`micro-${i + 1}`}
                  />
                </HStack>
              </Field.Root>
            ))}
          </HStack>
          <div aria-live="assertive" aria-atomic="true">
            {failure ? (
              <Alert.Root status="error" borderRadius="lg" data-testid="micro-deposit-failure">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>Micro Deposit Checking Failure</Alert.Title>
                  <Alert.Description>{failure}</Alert.Description>
                </Alert.Content>
              </Alert.Root>
            ) : null}
          </div>
          <Button type="submit" colorPalette="brand" size="lg" disabled={!complete} loading={sending} loadingText="Checking">
            Verify
          </Button>
          <Text fontSize="sm" color="fg.muted">
            Deposits usually arrive within 48 hours. If it has been more than 72 hours since you linked your bank and they have not arrived, contact us at{' '}
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
          </Text>
        </Stack>
      </form>
    </AlertDialog>
  )
}
