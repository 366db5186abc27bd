/** Employment status: Employed, Self-Employed, Unemployed, Retired or Student. */
import { employmentStatusSchema } from '../../../domain/profileSchemas'
import { useFlowStep } from '../../../flows/stepContext'
import { StepForm } from '../../../flows/StepForm'
import { ChoiceField, type Choice } from '../../../ui/forms/ChoiceField'
import { withSaved } from '../saved'

const OPTIONS: Choice<string>[] = [
  { value: 'EMPLOYED', label: 'Employed' },
  { value: 'SELF_EMPLOYED', label: 'Self-Employed' },
  { value: 'UNEMPLOYED', label: 'Unemployed' },
  { value: 'RETIRED', label: 'Retired' },
  { value: 'STUDENT', label: 'Student' },
]

export function EmploymentStatusStep() {
  const { values } = useFlowStep()
  return (
    <StepForm initialValues={withSaved({ employmentStatus: '' }, values)} schema={employmentStatusSchema}>
      <ChoiceField name="employmentStatus" legend="What is your employment status?" options={OPTIONS} />
    </StepForm>
  )
}
