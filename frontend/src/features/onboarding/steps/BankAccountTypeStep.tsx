/** The bank account's type: Checking or Savings. */
import { accountTypeSchema } from '../../../domain/profileSchemas'
import { useFlowStep } from '../../../flows/stepContext'
import { StepForm } from '../../../flows/StepForm'
import { ChoiceField, type Choice } from '../../../ui/forms/ChoiceField'
import { withSaved } from '../saved'

const OPTIONS: Choice<string>[] = [
  { value: 'CHECKING', label: 'Checking' },
  { value: 'SAVINGS', label: 'Savings' },
]

export function BankAccountTypeStep() {
  const { values } = useFlowStep()
  return (
    <StepForm initialValues={withSaved({ accountType: '' }, values)} schema={accountTypeSchema}>
      <ChoiceField name="accountType" legend="What type of account is it?" options={OPTIONS} columns="horizontal" />
    </StepForm>
  )
}
