/**
 * select-shares: 'Each share of {ticker} = {price}', the share counter (default 5, 1 to max_shares), the cost
 * (shares × price − gift, never below 0) and the gift code ('Have a gift code?', hidden when gift_allowed is false;
 * offered by itself after 1 s when the page was opened for a gift). Submits {shares, giftCode}.
 */
import { Alert, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react'
import { useFormikContext } from 'formik'
import { useEffect, useEffectEvent, useMemo, useState } from 'react'
import { formatMoney } from '../../../domain/money'
import { giftFrom, initialShares, MAXIMUM_REACHED, purchaseCost, type Gift } from '../purchase'
import { selectSharesSchema } from '../purchaseSchemas'
import { useFlowStep } from '../../../flows/stepContext'
import { StepForm } from '../../../flows/StepForm'
import { flag, num, purchaseAsset, usePurchaseOptions } from '../context'
import { GiftCodeDialog } from '../GiftCodeDialog'
import { ShareCounter } from '../ShareCounter'
import type { StepPayload } from '../../../flows/types'

export const GIFT_OFFER_DELAY_MS = 1_000

interface Values {
  shares: string
  giftCode: string
}

export function SelectSharesStep() {
  const { context, values, state } = useFlowStep()
  const options = usePurchaseOptions()
  const asset = purchaseAsset(context.asset)
  const max = num(context.max_shares)
  const maximumReached = flag(context.maximum_reached) || max < 1
  const giftAllowed = context.gift_allowed !== false && !flag(context.free_share)
  const freeShare = flag(context.free_share)
  const [gift, setGift] = useState<Gift | null>(() => giftFrom(context.gift))
  const [giftOpen, setGiftOpen] = useState(false)

  // offered once per flow, a second after arriving, when the page was opened for a gift
  /** The session key marking the offer made, or null when there is none to make (decided on arriving). */
  const giftOfferKey = useEffectEvent((): string | null => {
    if (!options.offerGift || !giftAllowed || gift || maximumReached) return null
    const key = `giftOffered:${state.flow_id}`
    return sessionStorage.getItem(key) ? null : key
  })
  useEffect(() => {
    const key = giftOfferKey()
    if (key === null) return undefined
    const timer = window.setTimeout(() => {
      sessionStorage.setItem(key, '1')
      setGiftOpen(true)
    }, GIFT_OFFER_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [])

  const schema = useMemo(() => selectSharesSchema(max, maximumReached), [max, maximumReached])
  const initial = useMemo<Values>(() => ({ shares: String(initialShares(values.shares, max)), giftCode: '' }), [values.shares, max])
  const price = asset?.price_per_share ?? '0'

  return (
    <>
      <StepForm<Values>
        initialValues={initial}
        schema={schema}
        toPayload={(v): StepPayload<'select-shares'> => ({ shares: Number(v.shares), giftCode: gift?.redeemCode ?? '' })}
        submitDisabled={() => maximumReached}
      >
        <Text fontSize="lg" data-testid="share-price">
          Each share of <strong>{asset?.ticker ?? 'this asset'}</strong> = {formatMoney(price)}
        </Text>
        {maximumReached ? (
          <Alert.Root status="warning" borderRadius="lg" data-testid="maximum-reached">
            <Alert.Indicator />
            <Alert.Description>{MAXIMUM_REACHED}</Alert.Description>
          </Alert.Root>
        ) : (
          <ShareCounter name="shares" max={max} label="Number of shares" />
        )}
        <SharesFacts owned={num(context.owned_shares)} available={context.available_shares} max={max} />
        <CostLine price={price} gift={gift} freeShare={freeShare} />
        {giftAllowed && !maximumReached ? (
          <GiftLine gift={gift} onOpen={() => setGiftOpen(true)} onRemove={() => setGift(null)} />
        ) : null}
      </StepForm>
      {asset && giftAllowed ? (
        <GiftCodeDialog
          open={giftOpen}
          assetId={asset.id}
          ticker={asset.ticker}
          initialCode={options.giftCode}
          onClose={() => setGiftOpen(false)}
          onApplied={(g) => {
            setGift(g)
            setGiftOpen(false)
          }}
        />
      ) : null}
    </>
  )
}

function SharesFacts({ owned, available, max }: { owned: number; available: unknown; max: number }) {
  const left = num(available, -1)
  return (
    <Text fontSize="sm" color="fg.muted">
      {owned > 0 ? `You own ${owned} ${owned === 1 ? 'share' : 'shares'}. ` : ''}
      {max > 0 ? `You can buy up to ${max.toLocaleString('en-US')} ${max === 1 ? 'share' : 'shares'}.` : ''}
      {left >= 0 ? ` ${left.toLocaleString('en-US')} left in this offering.` : ''}
    </Text>
  )
}

function CostLine({ price, gift, freeShare }: { price: string; gift: Gift | null; freeShare: boolean }) {
  const { values } = useFormikContext<Values>()
  const shares = Number(values.shares) || 0
  const cost = freeShare ? '0.00' : purchaseCost(shares, price, gift?.value ?? 0)
  return (
    <Box bg="bg.canvas" borderRadius="lg" p="4" aria-live="polite" data-testid="cost-line">
      <Flex justify="space-between" align="baseline" gap="3" wrap="wrap">
        <Text color="fg.muted">
          {shares} {shares === 1 ? 'share' : 'shares'} × {formatMoney(price)}
          {gift && !freeShare ? ` − ${formatMoney(gift.value)} gift` : ''}
          {freeShare ? ' (free share)' : ''}
        </Text>
        <Text fontSize="xl" fontWeight="bold" data-testid="cost">
          {formatMoney(cost)}
        </Text>
      </Flex>
    </Box>
  )
}

function GiftLine({ gift, onOpen, onRemove }: { gift: Gift | null; onOpen: () => void; onRemove: () => void }) {
  const { errors, submitCount } = useFormikContext<Values>()
  const error = submitCount > 0 && typeof errors.giftCode === 'string' ? errors.giftCode : null
  return (
    <Stack gap="1">
      {gift ? (
        <HStack justify="space-between" gap="3" borderWidth="1px" borderColor="border.muted" borderRadius="lg" px="4" py="2" data-testid="gift-applied">
          <Text>
            Gift code <strong>{gift.redeemCode}</strong> applied: −{formatMoney(gift.value)}
          </Text>
          <Button variant="ghost" size="sm" onClick={onRemove}>
            Remove
          </Button>
        </HStack>
      ) : (
        <Button variant="plain" color="gold.fg" fontWeight="semibold" alignSelf="flex-start" px="0" onClick={onOpen} data-testid="gift-open">
          Have a gift code?
        </Button>
      )}
      {error ? (
        <Text color="fg.error" fontSize="sm" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  )
}
