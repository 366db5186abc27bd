/** Accreditation status: '1' accredited by income, '2' by net worth, '3' not accredited (self-declared). */
import { Box, Text } from '@chakra-ui/react'
import { accreditationSchema } from '../../../domain/profileSchemas'
import { useFlowStep } from '../../../flows/stepContext'
import { StepForm } from '../../../flows/StepForm'
import { ChoiceField, type Choice } from '../../../ui/forms/ChoiceField'
import { withSaved } from '../saved'

const OPTIONS: Choice<string>[] = [
  { value: '1', label: 'Accredited by income', description: 'My income was above $200,000 (or $300,000 jointly with a spouse) in each of the last two years.' },
  { value: '2', label: 'Accredited by net worth', description: 'My net worth is above $1,000,000, not counting my primary residence.' },
  { value: '3', label: 'Not accredited', description: 'I confirm that my investments are under 10% of my net worth or annual income.' },
]

export function AccreditationStep() {
  const { values } = useFlowStep()
  return (
    <StepForm initialValues={withSaved({ accredited_status: '' }, values)} schema={accreditationSchema}>
      <Box bg="bg.canvas" borderRadius="lg" p="4">
        <Text fontSize="sm" color="fg.muted">
          You are an accredited investor if your income is above $200,000 individually or $300,000 jointly, or your net worth is above $1,000,000
          excluding your primary residence. Non-accredited investors acknowledge that their investment is under 10% of their net worth or income.
          Your answer is self-declared.
        </Text>
      </Box>
      <ChoiceField name="accredited_status" legend="Which describes you?" options={OPTIONS} />
    </StepForm>
  )
}
