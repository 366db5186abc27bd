/**
 * The purchase's first screen ('Here's what's about to happen'): the asset and the steps ahead. Opened from the
 * free-share popup it moves on by itself (automatic forward).
 */
import { Box, HStack, Image, List, Stack, Text } from '@chakra-ui/react'
import { useEffect, useRef } from 'react'
import { formatMoney } from '../../../domain/money'
import { StepActions } from '../../../flows/StepActions'
import { useFlowStep } from '../../../flows/stepContext'
import { CheckIcon } from '../../../ui/icons'
import { purchaseAsset, usePurchaseOptions } from '../context'

const AHEAD = [
  'Choose how many shares to buy',
  'Confirm your investor profile and cash',
  'Sign the subscription agreement',
  'Review and confirm your purchase',
]

export function IntroStep() {
  const { submit, context, busy } = useFlowStep()
  const { autoForward } = usePurchaseOptions()
  const asset = purchaseAsset(context.asset)
  const sent = useRef(false)
  useEffect(() => {
    if (!autoForward || sent.current || busy !== null) return
    sent.current = true
    void submit({})
  }, [autoForward, busy, submit])
  return (
    <Stack gap="6">
      {asset ? <AssetLine asset={asset} /> : null}
      <Text color="fg.muted" fontSize="lg">
        Buying shares takes a few minutes:
      </Text>
      <List.Root as="ol" gap="3" variant="plain">
        {AHEAD.map((a) => (
          <List.Item key={a} alignItems="flex-start">
            <CheckIcon boxSize="5" color="gold.fg" flexShrink="0" mt="0.5" me="3" />
            {a}
          </List.Item>
        ))}
      </List.Root>
      <StepActions label="Continue" onClick={() => void submit({})} />
    </Stack>
  )
}

export function AssetLine({ asset }: { asset: NonNullable<ReturnType<typeof purchaseAsset>> }) {
  return (
    <HStack gap="4" borderWidth="1px" borderColor="border.muted" borderRadius="xl" p="3" data-testid="purchase-asset">
      {asset.portal_image ? (
        <Image src={asset.portal_image} alt="" boxSize="14" borderRadius="lg" objectFit="cover" flexShrink="0" />
      ) : (
        <Box boxSize="14" borderRadius="lg" bg="bg.canvas" flexShrink="0" aria-hidden="true" />
      )}
      <Box minW="0">
        <Text fontWeight="bold" letterSpacing="0.04em">
          {asset.ticker}
        </Text>
        <Text color="fg.muted" truncate>
          {asset.display_name}
        </Text>
      </Box>
      <Text ms="auto" fontWeight="semibold" whiteSpace="nowrap">
        {formatMoney(asset.price_per_share)}
        <Text as="span" color="fg.muted" fontWeight="normal" fontSize="sm">
          {' '}
          / share
        </Text>
      </Text>
    </HStack>
  )
}
