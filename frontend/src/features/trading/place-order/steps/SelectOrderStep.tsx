/**
 * select-bid: Instant Buy / Limit order tabs (bids; Instant Buy disabled with 'Instant Buy Currently Unavailable'
 * when no ask rests), Shares and Price per share (step 0.05, rounded up when the field is left), the estimated cost,
 * the balances (Available Cash and Account Value, or Shares Owned, Available to Sell and Account Value). The rules
 * carry the server's messages; the server checks again (domain/trading/order_rules.py) and its message lands on the field.
 */
import { Alert, Box, Field, Flex, Input, Link, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react'
import { useField, useFormikContext } from 'formik'
import { useId, useMemo } from 'react'
import { Link as RouterLink } from 'react-router'
import { formatMoney } from '../../../../domain/money'
import { useFlowStep } from '../../../../flows/stepContext'
import { StepForm } from '../../../../flows/StepForm'
import { StepActions } from '../../../../flows/StepActions'
import { useShownError } from '../../../../ui/forms/useShownError'
import { estimatedCost, reviewDisabled, fundLinkParts, priceOnBlur, selectContext, selectPayload, selectSchema, unitsHelper, type SelectContext, type SelectValues } from '../orderForm'
import { HowItWorksLink, OrderAsset } from './OrderIntroStep'

export function SelectOrderStep() {
  const { context, values } = useFlowStep()
  const ctx = useMemo(() => selectContext(context), [context])
  const schema = useMemo(() => selectSchema(ctx), [ctx])
  const initial = useMemo<SelectValues>(
    () => ({
      orderType: values.orderType === 'INSTANT' && ctx.instantAvailable ? 'INSTANT' : values.orderType === 'LIMIT' ? 'LIMIT' : ctx.defaultOrderType,
      units: values.units === undefined || values.units === null ? '1' : String(values.units),
      unitPrice: typeof values.unitPrice === 'string' && values.unitPrice ? priceOnBlur(values.unitPrice) : ctx.defaultPrice ?? '',
    }),
    [values, ctx],
  )
  return (
    <StepForm<SelectValues>
      initialValues={initial}
      schema={schema}
      toPayload={selectPayload}
      actions={(formik) => (
        <StepActions label="REVIEW" disabled={reviewDisabled(formik.values, formik.submitCount > 0 && Object.keys(formik.errors).length > 0)} />
      )}
    >
      {(formik) => (
        <>
          <OrderAsset asset={context.asset} />
          <Balances ctx={ctx} />
          {ctx.refusal ? <MessageWithLink status="error" message={ctx.refusal.message} ctx={ctx} testId="order-refusal" /> : null}
          {ctx.side === 'BID' && !ctx.editing ? <TypeTabs ctx={ctx} /> : null}
          {formik.values.orderType === 'INSTANT' ? (
            <InstantLine ctx={ctx} />
          ) : (
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <NumberField name="units" label="Shares" inputMode="numeric" helper={unitsHelper(ctx)} ctx={ctx} />
              <NumberField name="unitPrice" label="Price per share" inputMode="decimal" helper="In steps of $0.05" ctx={ctx} price />
            </SimpleGrid>
          )}
          <CostLine ctx={ctx} />
          <HowItWorksLink />
        </>
      )}
    </StepForm>
  )
}

function Balances({ ctx }: { ctx: SelectContext }) {
  const rows: [string, string][] =
    ctx.side === 'BID'
      ? [
          ['Available Cash', formatMoney(ctx.availableCash)],
          ['Account Value', formatMoney(ctx.accountValue)],
        ]
      : [
          ['Shares Owned', String(ctx.sharesOwned)],
          ['Available to Sell', String(ctx.availableToSell ?? 0)],
          ['Account Value', formatMoney(ctx.accountValue)],
        ]
  return (
    <SimpleGrid as="dl" columns={rows.length} gap="2" data-testid="order-balances">
      {rows.map(([label, value]) => (
        <Box key={label} bg="bg.canvas" borderRadius="lg" px="3" py="2">
          <Text as="dt" fontSize="xs" color="fg.muted">
            {label}
          </Text>
          <Text as="dd" fontWeight="semibold">
            {value}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  )
}

function TypeTabs({ ctx }: { ctx: SelectContext }) {
  const { values, setFieldValue } = useFormikContext<SelectValues>()
  return (
    <Stack gap="1">
      <Tabs.Root value={values.orderType} onValueChange={(d) => void setFieldValue('orderType', d.value)} variant="enclosed" fitted>
        <Tabs.List aria-label="Order type">
          <Tabs.Trigger value="INSTANT" disabled={!ctx.instantAvailable} data-testid="tab-instant">
            Instant Buy
          </Tabs.Trigger>
          <Tabs.Trigger value="LIMIT" data-testid="tab-limit">
            Limit order
          </Tabs.Trigger>
        </Tabs.List>
      </Tabs.Root>
      {!ctx.instantAvailable ? (
        <Text fontSize="sm" color="fg.muted" data-testid="instant-unavailable">
          {ctx.messages.instant_unavailable}
        </Text>
      ) : null}
    </Stack>
  )
}

function InstantLine({ ctx }: { ctx: SelectContext }) {
  return (
    <Text fontSize="lg" data-testid="instant-line">
      1 share at the lowest ask, <strong>{formatMoney(ctx.lowestAsk)}</strong>
    </Text>
  )
}

function NumberField({ name, label, helper, inputMode, ctx, price = false }: { name: keyof SelectValues; label: string; helper: string; inputMode: 'numeric' | 'decimal'; ctx: SelectContext; price?: boolean }) {
  const [field, meta, helpers] = useField<string>(name)
  const error = useShownError(meta)
  const id = useId()
  const ids = { control: `${id}-input`, label: `${id}-label`, helperText: `${id}-helper`, errorText: `${id}-error` }
  return (
    <Field.Root invalid={error !== undefined} ids={ids}>
      <Field.Label fontWeight="medium">{label}</Field.Label>
      <Input
        name={field.name}
        value={field.value ?? ''}
        onChange={(e) => void helpers.setValue(e.target.value)}
        onBlur={(e) => {
          if (price) void helpers.setValue(priceOnBlur(e.target.value))
          field.onBlur(e)
        }}
        inputMode={inputMode}
        autoComplete="off"
        bg="white"
        size="lg"
        data-testid={`field-${name}`}
      />
      <Field.HelperText>{helper}</Field.HelperText>
      <Field.ErrorText>{error ? <LinkedText message={error} ctx={ctx} /> : null}</Field.ErrorText>
    </Field.Root>
  )
}

/** A message whose 'FUND YOUR ACCOUNT' words link to the deposit page. */
function LinkedText({ message, ctx }: { message: string; ctx: SelectContext }) {
  const parts = fundLinkParts(message, ctx.messages.fund_words)
  if (!parts) return <>{message}</>
  return (
    <>
      {parts[0]}
      <Link asChild fontWeight="bold" textDecoration="underline">
        <RouterLink to={ctx.fundLink}>{parts[1]}</RouterLink>
      </Link>
      {parts[2]}
    </>
  )
}

function MessageWithLink({ status, message, ctx, testId }: { status: 'error' | 'info'; message: string; ctx: SelectContext; testId: string }) {
  return (
    <Alert.Root status={status} borderRadius="lg" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Description>
        <LinkedText message={message} ctx={ctx} />
      </Alert.Description>
    </Alert.Root>
  )
}

function CostLine({ ctx }: { ctx: SelectContext }) {
  const { values } = useFormikContext<SelectValues>()
  const instant = values.orderType === 'INSTANT'
  const cost = instant ? (ctx.lowestAsk ? estimatedCost(1, ctx.lowestAsk) : null) : estimatedCost(values.units, values.unitPrice)
  return (
    <Flex justify="space-between" align="baseline" gap="3" wrap="wrap" bg="bg.canvas" borderRadius="lg" p="4" aria-live="polite" data-testid="estimated-cost-line">
      <Text color="fg.muted">{ctx.side === 'BID' ? 'Estimated cost' : 'Estimated proceeds'}</Text>
      <Text fontSize="xl" fontWeight="bold" data-testid="estimated-cost">
        {formatMoney(cost)}
      </Text>
    </Flex>
  )
}
