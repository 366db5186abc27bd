/**
 * success: the purchase's outcome. The success view shows what was bought and goes on to the congrats screen; the
 * error view ('Not enough shares', 'Promo Code Not Valid' or 'An error has occurred', with the server's messages) has
 * OKAY, which submits the step and so closes the flow (back to the asset page).
 */
import { Alert, Box, Button, List, Stack, Text } from '@chakra-ui/react'
import { formatMoney } from '../../../domain/money'
import { purchaseRules } from '../../../domain/rules.gen'
import { StepActions } from '../../../flows/StepActions'
import { useFlowStep } from '../../../flows/stepContext'
import type { FlowState } from '../../../flows/types'
import { num, purchaseAsset, strings, text } from '../context'
import { SummaryRow } from '../../../ui/SummaryRow'

export const ERROR_TITLE = purchaseRules.PURCHASE_ERROR_TITLE

export function resultTitle(state: FlowState): string {
  const title = text(state.context.title)
  if (title) return title
  return state.context.view === 'error' ? ERROR_TITLE : 'Purchase Complete'
}

export function ResultStep() {
  const { context, submit, busy } = useFlowStep()
  const error = context.view === 'error'
  const messages = strings(context.messages)
  const investment = context.investment && typeof context.investment === 'object' ? (context.investment as Record<string, unknown>) : null
  const asset = purchaseAsset(context.asset)
  if (error) {
    return (
      <Stack gap="6" data-testid="purchase-error">
        <Alert.Root status="error" borderRadius="lg" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            {messages.length > 1 ? (
              <List.Root ps="4">
                {messages.map((m) => (
                  <List.Item key={m}>{m}</List.Item>
                ))}
              </List.Root>
            ) : (
              <Alert.Description>{messages[0] ?? 'Your purchase could not be completed. Nothing was charged.'}</Alert.Description>
            )}
          </Alert.Content>
        </Alert.Root>
        <StepActions>
          <Button colorPalette="brand" size="lg" minW={{ sm: '40' }} onClick={() => void submit({})} loading={busy === 'submit'}>
            OKAY
          </Button>
        </StepActions>
      </Stack>
    )
  }
  return (
    <Stack gap="6" data-testid="purchase-success">
      <Alert.Root status="success" borderRadius="lg">
        <Alert.Indicator />
        <Alert.Description>{messages[0] ?? 'Your purchase is complete.'}</Alert.Description>
      </Alert.Root>
      {messages.slice(1).map((m) => (
        <Text key={m} color="fg.muted">
          {m}
        </Text>
      ))}
      {investment ? (
        <Box as="dl" borderWidth="1px" borderColor="border.muted" borderRadius="xl" px="4" py="2" data-testid="investment-summary">
          {asset ? <SummaryRow label="Asset" value={`${asset.ticker} ${asset.display_name}`} /> : null}
          <SummaryRow label="Shares" value={String(num(investment.shares))} />
          <SummaryRow label="Amount" value={formatMoney(text(investment.amount))} strong />
        </Box>
      ) : null}
      <StepActions label="Continue" onClick={() => void submit({})} />
    </Stack>
  )
}
