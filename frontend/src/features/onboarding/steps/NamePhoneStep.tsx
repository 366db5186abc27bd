/** First name, last name and phone ((555) 555-5555 as it is typed). */
import { SimpleGrid } from '@chakra-ui/react'
import { formatPhone } from '../../../domain/formatters'
import { namePhoneSchema } from '../../../domain/profileSchemas'
import { useFlowStep } from '../../../flows/stepContext'
import { StepForm } from '../../../flows/StepForm'
import { TextField } from '../../../ui/forms/TextField'
import { cleaned, withSaved } from '../saved'

export function NamePhoneStep() {
  const { values } = useFlowStep()
  const initial = withSaved({ first_name: '', last_name: '', phone_number: '' }, values, { phone_number: formatPhone })
  return (
    <StepForm initialValues={initial} schema={namePhoneSchema} toPayload={cleaned}>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
        <TextField name="first_name" label="First name" autoComplete="given-name" />
        <TextField name="last_name" label="Last name" autoComplete="family-name" />
      </SimpleGrid>
      <TextField name="phone_number" label="Phone number" type="tel" autoComplete="tel-national" placeholder="(555) 555-5555" format={formatPhone} />
    </StepForm>
  )
}
