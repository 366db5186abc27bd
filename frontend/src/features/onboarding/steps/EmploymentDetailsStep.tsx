/** Annual income and individual net worth: money inputs (digits only, shown with '$'); both under $10,001 → the risk alert. */
import { Text } from '@chakra-ui/react'
import { digitsOnly, formatMoneyInput } from '../../../domain/formatters'
import { meansSchema } from '../../../domain/profileSchemas'
import { useFlowStep } from '../../../flows/stepContext'
import { StepForm } from '../../../flows/StepForm'
import { TextField } from '../../../ui/forms/TextField'
import { withSaved } from '../saved'
import { riskAlertFor } from './riskAlert'
import type { StepPayload } from '../../../flows/types'

export function EmploymentDetailsStep() {
  const { values } = useFlowStep()
  const initial = withSaved({ pretaxAnnualIncome: '', liquidNetWorth: '' }, values, { pretaxAnnualIncome: formatMoneyInput, liquidNetWorth: formatMoneyInput })
  return (
    <StepForm
      initialValues={initial}
      schema={meansSchema}
      alertFor={riskAlertFor}
      toPayload={(v): StepPayload<'employment-details'> => ({ pretaxAnnualIncome: digitsOnly(v.pretaxAnnualIncome), liquidNetWorth: digitsOnly(v.liquidNetWorth) })}
    >
      <Text color="fg.muted">Regulations ask us to make sure investing suits your situation. Round numbers are fine.</Text>
      <TextField name="pretaxAnnualIncome" label="Annual income (before taxes)" inputMode="numeric" placeholder="$0" format={formatMoneyInput} autoComplete="off" />
      <TextField
        name="liquidNetWorth"
        label="Individual net worth"
        helper="Excluding your primary residence"
        inputMode="numeric"
        placeholder="$0"
        format={formatMoneyInput}
        autoComplete="off"
      />
    </StepForm>
  )
}
