/** Name on the account, routing number (9 digits) and account number (4 to 17 digits). */
import { Text } from '@chakra-ui/react'
import { digitsOnly } from '../../../domain/formatters'
import { bankInfoSchema } from '../../../domain/profileSchemas'
import { useFlowStep } from '../../../flows/stepContext'
import { StepForm } from '../../../flows/StepForm'
import { TextField } from '../../../ui/forms/TextField'
import { cleaned, withSaved } from '../saved'

const routing = (v: string) => digitsOnly(v, 9)
const account = (v: string) => digitsOnly(v, 17)

export function BankInfoStep() {
  const { values } = useFlowStep()
  const saved = withSaved({ nameOnAccount: '', routingNumber: '', accountNumber: '' }, values)
  // a saved account number comes back masked (••••1234): it has to be typed again
  const initial = { ...saved, accountNumber: /^\d+$/.test(saved.accountNumber) ? saved.accountNumber : '' }
  return (
    <StepForm initialValues={initial} schema={bankInfoSchema} toPayload={cleaned}>
      <Text color="fg.muted">You'll find these numbers at the bottom of your checks or in your bank's app.</Text>
      <TextField name="nameOnAccount" label="Name on account" autoComplete="name" />
      <TextField name="routingNumber" label="Routing number" helper="9 digits" inputMode="numeric" maxLength={9} format={routing} autoComplete="off" />
      <TextField name="accountNumber" label="Account number" helper="4 to 17 digits" inputMode="numeric" maxLength={17} format={account} autoComplete="off" />
    </StepForm>
  )
}
