/**
 * confirm-purchase: the purchase's summary (shares, subtotal, gift, cost, cash), the terms checkbox and
 * 'CONFIRM PURCHASE'; while it is sent: 'Processing, it may take a few seconds'.
 */
import { Box, Button, Flex, Link, Spinner, Stack, Text } from '@chakra-ui/react'
import { formatMoney } from '../../../domain/money'
import { PROCESSING, toCents } from '../purchase'
import { confirmPurchaseSchema } from '../purchaseSchemas'
import { StepActions } from '../../../flows/StepActions'
import { useFlowStep } from '../../../flows/stepContext'
import { SummaryRow } from '../../../ui/SummaryRow'
import { StepForm } from '../../../flows/StepForm'
import { CheckboxField } from '../../../ui/forms/CheckboxField'
import { num, purchaseAsset, text } from '../context'
import { AssetLine } from './IntroStep'

export function ConfirmPurchaseStep() {
  const { context, busy } = useFlowStep()
  const asset = purchaseAsset(context.asset)
  const shares = num(context.shares)
  const gift = text(context.gift_value, '0')
  const processing = busy === 'submit'
  return (
    <StepForm
      initialValues={{ agreeTerms: false }}
      schema={confirmPurchaseSchema}
      actions={(formik) => (
        <StepActions>
          <Button type="submit" colorPalette="brand" size="lg" minW={{ sm: '48' }} loading={processing} loadingText="Processing" disabled={!formik.values.agreeTerms || (busy !== null && !processing)}>
            CONFIRM PURCHASE
          </Button>
        </StepActions>
      )}
    >
      {asset ? <AssetLine asset={asset} /> : null}
      <Box as="dl" borderWidth="1px" borderColor="border.muted" borderRadius="xl" px="4" py="2" data-testid="purchase-summary">
        <SummaryRow label="Shares" value={String(shares)} />
        <SummaryRow label="Price per share" value={formatMoney(asset?.price_per_share)} />
        <SummaryRow label="Subtotal" value={formatMoney(text(context.subtotal))} />
        {toCents(gift) > 0 ? <SummaryRow label="Gift code" value={`−${formatMoney(gift)}`} /> : null}
        <SummaryRow label="Total cost" value={formatMoney(text(context.cost))} strong testId="purchase-cost" />
        <SummaryRow label="Cash available" value={formatMoney(text(context.cash))} />
      </Box>
      <Stack gap="1">
        <CheckboxField name="agreeTerms">I agree to the terms of service and confirm this purchase.</CheckboxField>
        <Link href="/app/privacy" target="_blank" rel="noopener noreferrer" fontSize="sm" color="gold.fg" ps="7" alignSelf="flex-start">
          Read the terms of service
        </Link>
      </Stack>
      {processing ? (
        <Flex role="status" align="center" gap="3" bg="bg.canvas" borderRadius="lg" p="4" data-testid="purchase-processing">
          <Spinner color="brand.500" flexShrink="0" />
          <Text>{PROCESSING}</Text>
        </Flex>
      ) : null}
    </StepForm>
  )
}
