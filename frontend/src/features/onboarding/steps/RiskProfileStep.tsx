/** Risk tolerance: Conservative shows the 'Risk Profile Alert' and stays; the button waits for a choice. */
import { riskSchema } from '../../../domain/profileSchemas'
import { useFlowStep } from '../../../flows/stepContext'
import { StepForm } from '../../../flows/StepForm'
import { ChoiceField, type Choice } from '../../../ui/forms/ChoiceField'
import { withSaved } from '../saved'
import { riskAlertFor } from './riskAlert'

const OPTIONS: Choice<string>[] = [
  { value: 'CONSERVATIVE', label: 'Conservative', description: 'I want to preserve what I have and accept lower returns.' },
  { value: 'MODERATE', label: 'Moderate', description: 'I accept some ups and downs for better returns over time.' },
  { value: 'GROWTH', label: 'Growth', description: 'I accept larger swings, and possible losses, for higher potential returns.' },
]

export function RiskProfileStep() {
  const { values } = useFlowStep()
  return (
    <StepForm initialValues={withSaved({ riskToleranceLevel: '' }, values)} schema={riskSchema} alertFor={riskAlertFor} submitDisabled={(v) => !v.riskToleranceLevel}>
      <ChoiceField name="riskToleranceLevel" legend="How would you describe your risk tolerance?" options={OPTIONS} />
    </StepForm>
  )
}
