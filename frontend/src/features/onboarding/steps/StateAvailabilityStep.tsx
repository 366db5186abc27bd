/** Investing is not available in the person's state: explore only, with a notify-me subscription. */
import { Alert } from '@chakra-ui/react'
import * as Yup from 'yup'
import { useFlowStep } from '../../../flows/stepContext'
import { StepForm } from '../../../flows/StepForm'
import { CheckboxField } from '../../../ui/forms/CheckboxField'
import { withSaved } from '../saved'

const schema = Yup.object({ notify: Yup.boolean() })

export function StateAvailabilityStep() {
  const { values, context } = useFlowStep()
  const message = typeof context.message === 'string' ? context.message : 'Investing is not yet available in your state.'
  return (
    <StepForm initialValues={withSaved({ notify: true }, values)} schema={schema} submitLabel="CONTINUE">
      <Alert.Root status="warning" borderRadius="lg">
        <Alert.Indicator />
        <Alert.Description>{message}</Alert.Description>
      </Alert.Root>
      <CheckboxField name="notify">Notify me when investing becomes available in my state</CheckboxField>
    </StepForm>
  )
}
