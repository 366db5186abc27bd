/** The order wizard's introduction: the asset, what placing a bid (or an ask, or an edit) involves, and the how-it-works popup. */
import { Box, Button, HStack, Image, List, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { StepActions } from '../../../../flows/StepActions'
import { useFlowStep } from '../../../../flows/stepContext'
import { CheckIcon } from '../../../../ui/icons'
import { HowItWorksDialog } from '../HowItWorksDialog'

const AHEAD: Record<'BID' | 'ASK', string[]> = {
  BID: ['Choose Instant Buy or a limit order', 'Pick your shares and price per share', 'Review the estimated cost', 'Place your bid'],
  ASK: ['Pick how many of your shares to sell', 'Set your price per share', 'Review your ask', 'Place your ask'],
}

export function OrderAsset({ asset }: { asset: unknown }) {
  const a = (asset && typeof asset === 'object' ? asset : {}) as Record<string, unknown>
  if (typeof a.ticker !== 'string') return null
  return (
    <HStack gap="4" borderWidth="1px" borderColor="border.muted" borderRadius="xl" p="3" data-testid="order-asset">
      {typeof a.portal_image === 'string' && a.portal_image ? (
        <Image src={a.portal_image} alt="" boxSize="14" borderRadius="lg" objectFit="cover" flexShrink="0" />
      ) : (
        <Box boxSize="14" borderRadius="lg" bg="bg.canvas" flexShrink="0" aria-hidden="true" />
      )}
      <Box minW="0">
        <Text fontWeight="bold" letterSpacing="0.04em">
          {a.ticker}
        </Text>
        <Text color="fg.muted" truncate>
          {typeof a.display_name === 'string' ? a.display_name : ''}
        </Text>
      </Box>
    </HStack>
  )
}

export function HowItWorksLink() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="plain" color="gold.fg" fontWeight="semibold" px="0" alignSelf="flex-start" onClick={() => setOpen(true)} data-testid="how-it-works-open">
        How does it work?
      </Button>
      <HowItWorksDialog open={open} onClose={() => setOpen(false)} />
    </>
  )
}

export function OrderIntroStep() {
  const { submit, context } = useFlowStep()
  const side = context.side === 'ASK' ? 'ASK' : 'BID'
  const editing = context.editing === true
  return (
    <Stack gap="6">
      <OrderAsset asset={context.asset} />
      <Text color="fg.muted" fontSize="lg">
        {editing ? 'Change the shares or the price of your order:' : side === 'BID' ? 'Placing a bid takes a minute:' : 'Placing an ask takes a minute:'}
      </Text>
      <List.Root as="ol" gap="3" variant="plain">
        {AHEAD[side].map((a) => (
          <List.Item key={a} alignItems="flex-start">
            <CheckIcon boxSize="5" color="gold.fg" flexShrink="0" mt="0.5" me="3" />
            {a}
          </List.Item>
        ))}
      </List.Root>
      <HowItWorksLink />
      <StepActions label="Continue" onClick={() => void submit({})} />
    </Stack>
  )
}
