/** Home address: street (text before the first comma), apt, city, state (the server's list) and a 5-digit ZIP. */
import { SimpleGrid } from '@chakra-ui/react'
import { useMemo } from 'react'
import { addressLine, digitsOnly } from '../../../domain/formatters'
import { homeAddressSchema } from '../../../domain/profileSchemas'
import { stateOptions } from '../../../domain/states'
import { useFlowStep } from '../../../flows/stepContext'
import { StepForm } from '../../../flows/StepForm'
import { SelectField } from '../../../ui/forms/SelectField'
import { TextField } from '../../../ui/forms/TextField'
import { cleaned, withSaved } from '../saved'

const zip = (v: string) => digitsOnly(v, 5)

export function HomeAddressStep() {
  const { values, context } = useFlowStep()
  const states = useMemo(() => stateOptions(context.states), [context.states])
  const initial = withSaved({ address: '', apt: '', city: '', state: '', postal_code: '' }, values)
  return (
    <StepForm initialValues={initial} schema={homeAddressSchema} toPayload={cleaned}>
      <TextField name="address" label="Address" autoComplete="address-line1" format={addressLine} helper="Street address. P.O. boxes are not accepted." />
      <TextField name="apt" label="Apt, suite or unit" optional autoComplete="address-line2" />
      <TextField name="city" label="City" autoComplete="address-level2" />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
        <SelectField name="state" label="State" options={states} placeholder="Select your state" autoComplete="address-level1" />
        <TextField name="postal_code" label="ZIP code" autoComplete="postal-code" inputMode="numeric" maxLength={5} format={zip} />
      </SimpleGrid>
    </StepForm>
  )
}
