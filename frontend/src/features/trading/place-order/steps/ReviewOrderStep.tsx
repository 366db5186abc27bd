/** review: the order (type, shares, price per share, estimated cost, fee 0) and 'PLACE BID' / 'PLACE ASK'; while it is placed, the matching loader. */
import { Box, Button, Stack } from '@chakra-ui/react'
import { track } from '../../../../api/analytics'
import { formatMoney } from '../../../../domain/money'
import { StepActions } from '../../../../flows/StepActions'
import { useFlowStep } from '../../../../flows/stepContext'
import { SummaryRow } from '../../../../ui/SummaryRow'
import { MatchingLoader } from '../MatchingLoader'
import { markPlaced } from '../placedMark'
import { OrderAsset } from './OrderIntroStep'

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '')

export function ReviewOrderStep() {
  const { context, submit, busy, state } = useFlowStep()
  const side = context.side === 'ASK' ? 'ASK' : 'BID'
  const instant = context.order_type === 'INSTANT'
  const placing = busy === 'submit'
  const label = context.editing === true ? 'SUBMIT EDIT' : side === 'BID' ? 'PLACE BID' : 'PLACE ASK'
  const place = () => {
    markPlaced(state.flow_id)
    track('Order Placed')
    void submit({})
  }
  return (
    <Stack gap="6">
      <OrderAsset asset={context.asset} />
      <Box as="dl" borderWidth="1px" borderColor="border.muted" borderRadius="xl" px="4" py="2" data-testid="order-review">
        <SummaryRow label="Order type" value={instant ? 'Instant Buy' : 'Limit order'} />
        <SummaryRow label="Shares" value={str(context.units)} />
        <SummaryRow label="Price per share" value={formatMoney(str(context.unit_price))} />
        <SummaryRow label="Fee" value={formatMoney(str(context.fee) || '0')} />
        <SummaryRow label={side === 'BID' ? 'Estimated cost' : 'Estimated proceeds'} value={formatMoney(str(context.estimated_cost))} strong testId="review-cost" />
        {side === 'BID' ? <SummaryRow label="Available Cash" value={formatMoney(str(context.available_cash))} /> : null}
      </Box>
      <StepActions>
        <Button colorPalette="brand" size="lg" minW={{ sm: '48' }} onClick={place} loading={placing} disabled={busy !== null && !placing} data-testid="place-order">
          {label}
        </Button>
      </StepActions>
      {placing ? <MatchingLoader text={str(context.loader)} /> : null}
    </Stack>
  )
}
