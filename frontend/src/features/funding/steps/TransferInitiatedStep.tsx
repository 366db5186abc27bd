/** The deposit is on its way: its amount and bank, and 'Launch' to carry on. */
import { Alert, Stack, Text } from '@chakra-ui/react'
import { useEffect } from 'react'
import { track } from '../../../api/analytics'
import { formatMoney } from '../../../domain/money'
import { StepActions } from '../../../flows/StepActions'
import { useFlowStep } from '../../../flows/stepContext'

export function TransferInitiatedStep() {
  const { submit, context } = useFlowStep()
  useEffect(() => track('Transfer Deposit'), []) // the fund-account flow's deposit has started
  const bank = typeof context.bank_name === 'string' && context.bank_name ? context.bank_name : 'your bank'
  const amount = typeof context.amount === 'string' || typeof context.amount === 'number' ? formatMoney(context.amount) : null
  return (
    <Stack gap="6">
      <Alert.Root status="success" borderRadius="lg">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Your transfer has started</Alert.Title>
          <Alert.Description>
            {amount ? <Text as="span" fontWeight="semibold" data-testid="transfer-amount">{amount}</Text> : 'Your deposit'} is on its way from {bank}.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Text color="fg.muted">
        It shows as Pending in My Portfolio until it reaches your cash balance, usually within a few business days. We'll let you know by e-mail.
      </Text>
      <StepActions label="Launch" onClick={() => void submit({})} />
    </Stack>
  )
}
