/**
 * not-enough-cash: the cash, the cost and the shortfall, and a button that transfers the shortfall from the linked
 * bank (the step's submit). While the deposit settles (waiting_for 'deposit') the page waits: the workflow moves on
 * by itself once it settles and publishes that over the flow's event stream (useFlow). Without a verified bank: 'You must add or verify your bank account prior to investing'. 'FUND YOUR
 * ACCOUNT' leads to the deposit/withdrawal popup.
 */
import { Alert, Box, Button, Flex, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { formatMoney } from '../../../domain/money'
import { NO_BANK, shortfall as shortfallOf } from '../purchase'
import { StepActions } from '../../../flows/StepActions'
import { FormAlert } from '../../../ui/forms/FormAlert'
import { useFlowStep } from '../../../flows/stepContext'
import { SummaryRow } from '../../../ui/SummaryRow'
import { text } from '../context'

export function NotEnoughCashStep() {
  const { context, state, submit, busy } = useFlowStep()
  const waiting = state.status === 'waiting' && state.waiting_for === 'deposit'
  const cash = text(context.cash, '0')
  const cost = text(context.cost, '0')
  const missing = text(context.shortfall) || shortfallOf(cash, cost)
  const bank = text(context.bank_name)
  const tail = text(context.account_tail)
  const verified = context.bank_verified === true
  const fundLink = text(context.fund_link) || '/app/investments/deposit-withdrawal'
  const transfer = context.transfer && typeof context.transfer === 'object' ? (context.transfer as Record<string, unknown>) : null
  const [messages, setMessages] = useState<string[]>([])
  const start = async () => {
    setMessages([])
    const outcome = await submit({})
    if (outcome?.kind === 'invalid' || outcome?.kind === 'moved') setMessages(outcome.error.messages)
  }

  return (
    <Stack gap="6">
      <Text color="fg.muted" fontSize="lg">
        You need <strong>{formatMoney(missing)}</strong> more in your Vitrine account to complete this purchase.
      </Text>
      <Box as="dl" borderWidth="1px" borderColor="border.muted" borderRadius="xl" px="4" py="2" data-testid="cash-summary">
        <SummaryRow label="Cash available" value={formatMoney(cash)} />
        <SummaryRow label="Cost of this purchase" value={formatMoney(cost)} />
        <SummaryRow label="Shortfall" value={formatMoney(missing)} strong testId="shortfall" />
      </Box>
      {bank ? (
        <Box borderWidth="1px" borderColor="border.muted" borderRadius="lg" p="4" data-testid="transfer-from">
          <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="0.06em">
            Transfer From
          </Text>
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold">{bank}</Text>
            {tail ? <Text color="fg.muted">••••{tail}</Text> : null}
          </HStack>
        </Box>
      ) : null}
      {!verified ? (
        <Alert.Root status="warning" borderRadius="lg" data-testid="bank-unverified">
          <Alert.Indicator />
          <Alert.Description>{NO_BANK}</Alert.Description>
        </Alert.Root>
      ) : null}
      {waiting ? (
        <Flex role="status" align="center" gap="3" bg="bg.canvas" borderRadius="lg" p="4" data-testid="deposit-waiting">
          <Spinner color="brand.500" flexShrink="0" />
          <Text>
            Your transfer{transfer ? ` of ${formatMoney(text(transfer.amount))}` : ''} is on its way. We'll continue as soon as it reaches your cash balance.
          </Text>
        </Flex>
      ) : null}
      <div aria-live="assertive" aria-atomic="true">
        <FormAlert messages={messages} />
      </div>
      <Link asChild color="gold.fg" fontWeight="semibold" alignSelf="flex-start">
        <RouterLink to={fundLink}>FUND YOUR ACCOUNT</RouterLink>
      </Link>
      <StepActions>
        <Button
          colorPalette="brand"
          size="lg"
          minW={{ sm: '40' }}
          onClick={() => void start()}
          disabled={!verified || waiting || (busy !== null && busy !== 'submit')}
          loading={busy === 'submit'}
          loadingText="Starting transfer"
        >
          Transfer {formatMoney(missing)}
        </Button>
      </StepActions>
    </Stack>
  )
}
