/** The first deposit: the amount ('$', decimals, at most $5000 at a time) and the bank it comes from. */
import { Box, HStack, Stack, Text } from '@chakra-ui/react'
import * as Yup from 'yup'
import { amountError, amountPayload } from '../../../domain/transfers'
import { useFlowStep } from '../../../flows/stepContext'
import { StepForm } from '../../../flows/StepForm'
import { AmountField } from '../../../ui/forms/AmountField'
import type { StepPayload } from '../../../flows/types'

const schema = Yup.object({
  transfer_amount: Yup.string().test('amount', function test(value) {
    const message = amountError(value ?? '')
    return message ? this.createError({ message }) : true
  }),
})

export function TransferStep() {
  const { context } = useFlowStep()
  const bank = typeof context.bank_name === 'string' && context.bank_name ? context.bank_name : 'Your bank'
  const tail = typeof context.account_tail === 'string' ? context.account_tail : ''
  return (
    <StepForm
      initialValues={{ transfer_amount: '' }}
      schema={schema}
      toPayload={(v): StepPayload<'transfer'> => ({ transfer_amount: amountPayload(v.transfer_amount) })}
      submitDisabled={(v) => amountError(v.transfer_amount) !== null}
      submitLabel="Transfer"
    >
      <Text color="fg.muted">How much would you like to add to your Vitrine account?</Text>
      <AmountField name="transfer_amount" label="Amount" helper="Up to $5,000 per transfer" />
      <Box borderWidth="1px" borderColor="border.muted" borderRadius="lg" p="4" data-testid="transfer-from">
        <Stack gap="0.5">
          <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="0.06em">
            Transfer From
          </Text>
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold">{bank}</Text>
            {tail ? <Text color="fg.muted">••••{tail}</Text> : null}
          </HStack>
        </Stack>
      </Box>
    </StepForm>
  )
}
