/**
 * summary: the result ('you've been matched!', 'you've been partially matched!', 'all set!', 'no matches yet!' or the
 * high-volume message), the transaction id (the order id's first 8 characters), fee 0 and 'okay' → /app/investments.
 * Right after placing, the matching loader stays for the result delay (3 s) first.
 */
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react'
import { useEffect, useMemo, useState } from 'react'
import { formatMoney } from '../../../../domain/money'
import { StepActions } from '../../../../flows/StepActions'
import { useFlowStep } from '../../../../flows/stepContext'
import { SummaryRow } from '../../../../ui/SummaryRow'
import { MatchingLoader } from '../MatchingLoader'
import { RESULT_DELAY_MS, summaryView } from '../orderForm'
import { takeDelay } from '../placedMark'

export function OrderSummaryStep() {
  const { context, submit, busy, state } = useFlowStep()
  const view = useMemo(() => summaryView(context), [context])
  const [waiting, setWaiting] = useState(() => takeDelay(state.flow_id, RESULT_DELAY_MS))
  useEffect(() => {
    if (waiting <= 0) return undefined
    const timer = window.setTimeout(() => setWaiting(0), waiting)
    return () => window.clearTimeout(timer)
  }, [waiting])
  if (waiting > 0) return <MatchingLoader text={typeof context.loader === 'string' ? context.loader : ''} />
  const queued = view.result === 'queued'
  return (
    <Stack gap="6" data-testid="order-summary" data-result={view.result}>
      <Box role="status" aria-live="polite" bg={queued ? 'orange.50' : 'bg.canvas'} borderRadius="xl" p="5">
        <Heading as="h2" size="xl" textTransform={queued ? undefined : 'capitalize'} data-testid="order-result-title">
          {view.title}
        </Heading>
        <Text mt="2" color="fg.muted" data-testid="order-result-message">
          {view.message}
        </Text>
      </Box>
      <Box as="dl" borderWidth="1px" borderColor="border.muted" borderRadius="xl" px="4" py="2">
        <SummaryRow label="Transaction ID" value={view.transactionId} testId="transaction-id" />
        <SummaryRow label="Order" value={`${view.side === 'BID' ? 'Bid' : 'Ask'} · ${view.orderType === 'INSTANT' ? 'Instant Buy' : 'Limit order'}`} />
        <SummaryRow label="Shares" value={String(view.units)} />
        <SummaryRow label="Price per share" value={formatMoney(view.unitPrice)} />
        <SummaryRow label="Fee" value={formatMoney(view.fee)} testId="order-fee" />
        <SummaryRow label={view.side === 'BID' ? 'Estimated cost' : 'Estimated proceeds'} value={formatMoney(view.estimatedCost)} strong />
      </Box>
      <StepActions>
        <Button colorPalette="brand" size="lg" minW={{ sm: '40' }} onClick={() => void submit({})} loading={busy === 'submit'} data-testid="order-okay">
          okay
        </Button>
      </StepActions>
    </Stack>
  )
}
