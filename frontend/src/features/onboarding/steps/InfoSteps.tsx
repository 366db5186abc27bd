/** The steps that only inform: share purchase / fund your account, and the bank confirmation. */
import { Alert, Box, Stack, Text } from '@chakra-ui/react'
import { StepActions } from '../../../flows/StepActions'
import { useFlowStep } from '../../../flows/stepContext'
import type { FlowState } from '../../../flows/types'

export function SharePurchaseInfoStep() {
  const { submit } = useFlowStep()
  return (
    <Stack gap="6">
      <Text color="fg.muted" fontSize="lg">
        Your profile is complete. To buy shares you need cash in your Vitrine account: link the bank account you will transfer it from.
      </Text>
      <StepActions label="CONTINUE" onClick={() => void submit({})} />
    </Stack>
  )
}

export function microDeposits(state: FlowState): boolean {
  return state.context.micro_deposits === true
}

export function ConfirmationStep() {
  const { submit, context, state } = useFlowStep()
  const bank = typeof context.bank_name === 'string' && context.bank_name ? context.bank_name : null
  const tail = typeof context.account_tail === 'string' ? context.account_tail : ''
  return (
    <Stack gap="6">
      {microDeposits(state) ? (
        <Stack gap="3">
          {bank ? (
            <Box borderWidth="1px" borderColor="border.muted" borderRadius="lg" p="4" data-testid="linked-account">
              <Text fontWeight="semibold">{bank}</Text>
              {tail ? <Text color="fg.muted">Account ••••{tail}</Text> : null}
            </Box>
          ) : null}
          <Text color="fg.muted">
            Within 48 hours two small deposits (under $0.10) will arrive in {bank ? 'this account' : 'your bank account'}. We'll let you know by e-mail; then confirm their amounts from My
            Portfolio to verify your bank account.
          </Text>
        </Stack>
      ) : (
        <Alert.Root status="success" borderRadius="lg">
          <Alert.Indicator />
          <Alert.Description>Success, your account is now linked to a funding source</Alert.Description>
        </Alert.Root>
      )}
      <StepActions label="CONTINUE" onClick={() => void submit({})} />
    </Stack>
  )
}
