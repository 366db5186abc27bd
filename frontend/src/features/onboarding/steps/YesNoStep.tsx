/** A yes/no question (association with a regulator, 10% shareholder); No clears the dependent text on the server. */
import type { AnyObjectSchema } from 'yup'
import { associatedSchema, shareholderSchema } from '../../../domain/profileSchemas'
import { useFlowStep } from '../../../flows/stepContext'
import { StepForm } from '../../../flows/StepForm'
import { ChoiceField, type Choice } from '../../../ui/forms/ChoiceField'

const YES_NO: Choice<boolean>[] = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
]

function yesNoStep(name: string, question: string, schema: AnyObjectSchema) {
  function YesNo() {
    const { values } = useFlowStep()
    const saved = values[name]
    return (
      <StepForm initialValues={{ [name]: typeof saved === 'boolean' ? saved : null }} schema={schema}>
        <ChoiceField name={name} legend={question} options={YES_NO} columns="horizontal" />
      </StepForm>
    )
  }
  return YesNo
}

export const FinraStep = yesNoStep(
  'isAssociated',
  'Are you, or is anyone in your household, associated with a FINRA member firm, the SEC or another securities regulator?',
  associatedSchema,
)

export const ShareholderStep = yesNoStep(
  'isShareholder',
  'Are you a 10% shareholder, director or officer of a publicly traded company?',
  shareholderSchema,
)
