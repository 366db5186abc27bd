/** Employer and occupation, 3 to 64 characters each. */
import { employerSchema } from '../../../domain/profileSchemas'
import { useFlowStep } from '../../../flows/stepContext'
import { StepForm } from '../../../flows/StepForm'
import { TextField } from '../../../ui/forms/TextField'
import { cleaned, withSaved } from '../saved'

export function EmployerStep() {
  const { values } = useFlowStep()
  return (
    <StepForm initialValues={withSaved({ employer: '', occupationOrJobTitle: '' }, values)} schema={employerSchema} toPayload={cleaned}>
      <TextField name="employer" label="Employer" autoComplete="organization" maxLength={64} />
      <TextField name="occupationOrJobTitle" label="Occupation" autoComplete="organization-title" maxLength={64} />
    </StepForm>
  )
}
