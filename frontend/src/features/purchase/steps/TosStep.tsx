/** dwolla-tos: the payment provider's terms, agreed once before the first purchase (agreedWithTos3). */
import { Box, Stack, Text } from '@chakra-ui/react'
import { dwollaTosSchema } from '../purchaseSchemas'
import { StepForm } from '../../../flows/StepForm'
import { CheckboxField } from '../../../ui/forms/CheckboxField'

export function TosStep() {
  return (
    <StepForm initialValues={{ agreedWithTos3: false }} schema={dwollaTosSchema}>
      <Text color="fg.muted">
        Purchases are paid from your Vitrine cash account, held with our payment provider. Before your first purchase, please review and accept its terms.
      </Text>
      <Box bg="bg.canvas" borderRadius="lg" p="4" fontSize="sm" color="fg.muted">
        <Stack gap="2">
          <Text>The payment provider moves money between your bank, your Vitrine cash account and the offerings you invest in.</Text>
          <Text>Transfers follow the provider's terms of service and privacy policy; Vitrine never stores your bank password.</Text>
        </Stack>
      </Box>
      <CheckboxField name="agreedWithTos3">I agree to the payment provider's terms of service and privacy policy</CheckboxField>
    </StepForm>
  )
}
