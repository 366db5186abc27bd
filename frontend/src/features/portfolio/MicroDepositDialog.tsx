/**
 * /app/investments/microdeposits (spec doc 3 §4.9, §5): the two micro-deposit amounts, one digit each (sent as 0.0{d}),
 * then 'Micro Deposit Checking Success' or, on the form, 'Micro Deposit Checking Failure' with the server's reason.
 */
import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react'
import { Formik } from 'formik'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import * as Yup from 'yup'
import { useVerifyMicroDeposits } from '../../api/mutations'
import { errorMessage } from '../../api/errors'
import { SUPPORT_EMAIL } from '../../config'
import { microDepositValue, microDigit } from '../../domain/transfers'
import { AlertDialog } from '../../ui/AlertDialog'
import { TextField } from '../../ui/forms/TextField'

const VERIFIED = 'You bank account was verified.'
const FAILED = 'Something went wrong, please try again'
const DIGIT_LOOK = { w: '14', textAlign: 'center', fontSize: 'xl', fontWeight: 'semibold' } as const

/** One digit per deposit; 'Verify' stays disabled until both are there, so the fields show no message. */
const digit = Yup.string().default('').required('').matches(/^\d$/, '')
const microDepositSchema = Yup.object({ first: digit, second: digit })

type Values = Yup.InferType<typeof microDepositSchema>

export function MicroDepositDialog() {
  const navigate = useNavigate()
  const verify = useVerifyMicroDeposits()
  const [failure, setFailure] = useState<string | null>(null)
  const [verified, setVerified] = useState<string | null>(null)
  const close = () => navigate('/app/investments')

  const send = async (values: Values) => {
    setFailure(null)
    try {
      const answer = await verify.mutateAsync({ value1: microDepositValue(values.first), value2: microDepositValue(values.second) })
      setVerified(answer.message || VERIFIED)
    } catch (error) {
      setFailure(errorMessage(error, FAILED))
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
  return (
    <Formik<Values> initialValues={{ first: '', second: '' }} validationSchema={microDepositSchema} onSubmit={send}>
      {({ values, isSubmitting, handleSubmit }) => (
        <AlertDialog closeButton width="md" role="dialog" title="Verify Your Bank Account" onClose={close} locked={isSubmitting} testId="micro-deposit-modal">
          <form
            onSubmit={(e) => {
              if (isSubmitting) e.preventDefault()
              else handleSubmit(e)
            }}
          >
            <Stack gap="5">
              <Text color="fg.muted">Two small deposits, each under $0.10, were sent to your bank account. Enter their amounts as they appear on your statement: the last digit of each, e.g. 7 for $0.07.</Text>
              <HStack gap="3" align="flex-start">
                {(['first', 'second'] as const).map((name, i) => (
                  <Stack key={name} flex="1">
                    <TextField
                      name={name}
                      label={i === 0 ? 'First deposit' : 'Second deposit'}
                      prefix="$0.0"
                      format={microDigit}
                      inputMode="numeric"
                      maxLength={1}
                      autoComplete="off"
                      autoFocus={i === 0}
                      look={DIGIT_LOOK}
                      testId={`micro-${i + 1}`}
                    />
                  </Stack>
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
              <Button type="submit" colorPalette="brand" size="lg" disabled={!microDepositSchema.isValidSync(values)} loading={isSubmitting} loadingText="Checking">
                Verify
              </Button>
              <Text fontSize="sm" color="fg.muted">
                Deposits usually arrive within 48 hours. If it has been more than 72 hours since you linked your bank and they have not arrived, contact us at{' '}
                <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
              </Text>
            </Stack>
          </form>
        </AlertDialog>
      )}
    </Formik>
  )
}
