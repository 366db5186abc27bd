/** Date of birth as MM/DD/YYYY: the slashes come by themselves, 10 characters at most. */
import { useMemo } from 'react'
import { formatDob } from '../../../domain/formatters'
import { dateOfBirthSchema } from '../../../domain/profileSchemas'
import { useFlowStep } from '../../../flows/stepContext'
import { StepForm } from '../../../flows/StepForm'
import { TextField } from '../../../ui/forms/TextField'
import { cleaned, withSaved } from '../saved'

export function DateOfBirthStep() {
  const { values } = useFlowStep()
  const schema = useMemo(() => dateOfBirthSchema(), [])
  return (
    <StepForm initialValues={withSaved({ date_of_birth: '' }, values)} schema={schema} toPayload={cleaned}>
      <TextField
        name="date_of_birth"
        label="Date of birth"
        helper="MM/DD/YYYY"
        placeholder="MM/DD/YYYY"
        autoComplete="bday"
        inputMode="numeric"
        maxLength={10}
        format={formatDob}
      />
    </StepForm>
  )
}
