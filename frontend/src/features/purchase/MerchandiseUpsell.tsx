/**
 * The merchandise upsell after a purchase (spec doc 2 §2.7, §4 "Merchandise upsell"): a purchase review sheet (image,
 * name, price, variant; a choice when several products are in stock), 'Buy' → POST /api/merchandising/orders/
 * {cart, order}. States: idle, submitting, done (closes after 3 s), failure ('Unable to complete purchase' ...).
 */
import { Box, Button, Center, HStack, Image, RadioGroup, Stack, Text } from '@chakra-ui/react'
import { useEffect, useReducer, useRef, useState } from 'react'
import { useCreateMerchOrder } from '../../api/mutations'
import { SUPPORT_EMAIL } from '../../config'
import { formatUsd, MERCH_DONE_CLOSE_MS, MERCH_FAILURE_TITLE, merchFailureMessage, merchOrder, merchReducer, type MerchProduct } from '../../domain/merchandise'
import { AlertDialog } from '../../ui/AlertDialog'
import { CheckIcon } from '../../ui/icons'

interface Props {
  products: readonly MerchProduct[]
  assetId: number
  accountId: number | string
  /** the modal is gone (bought, declined or failed) */
  onClosed: () => void
}

export function MerchandiseUpsell({ products, assetId, accountId, onClosed }: Props) {
  const [state, dispatch] = useReducer(merchReducer, 'idle')
  const [chosenId, setChosenId] = useState(products[0]?.id ?? null)
  const chosen = products.find((p) => p.id === chosenId) ?? products[0]
  const buttonRef = useRef<HTMLButtonElement>(null)
  const order = useCreateMerchOrder()
  const closedRef = useRef(onClosed)
  closedRef.current = onClosed

  useEffect(() => {
    if (state === 'closed') closedRef.current()
    if (state !== 'done') return undefined
    const timer = window.setTimeout(() => dispatch('close'), MERCH_DONE_CLOSE_MS)
    return () => window.clearTimeout(timer)
  }, [state])

  const buy = async () => {
    if (!chosen || state !== 'idle') return
    dispatch('buy')
    try {
      await order.mutateAsync(merchOrder(chosen, assetId, accountId))
      dispatch('succeeded')
    } catch {
      dispatch('failed')
    }
  }

  if (!chosen) return null
  const failure = state === 'failure'
  return (
    <AlertDialog
      role={failure ? 'alertdialog' : 'dialog'}
      open={state !== 'closed'}
      title={failure ? MERCH_FAILURE_TITLE : state === 'done' ? 'Order placed' : 'Complete your collection'}
      onClose={() => dispatch('close')}
      locked={state === 'submitting'}
      testId="merch-modal"
      stateName={state}
      width="md"
      closeButton
      initialFocusEl={() => buttonRef.current}
      {...(failure
        ? { message: <span data-testid="merch-failure">{merchFailureMessage(SUPPORT_EMAIL)}</span> }
        : state === 'done'
          ? {
              children: (
                <Center flexDirection="column" gap="3" py="6" role="status" data-testid="merch-done">
                  <Center boxSize="12" borderRadius="full" bg="green.100" color="green.700">
                    <CheckIcon boxSize="6" />
                  </Center>
                  <Text textAlign="center">Thank you! Your {chosen.name} is on its way. The cost is paid from your Vitrine cash.</Text>
                </Center>
              ),
            }
          : {
              message: 'Celebrate your new shares with something from the store, paid from your Vitrine cash.',
              children: (
                <Stack gap="4">
                  {products.length > 1 ? (
                    <RadioGroup.Root value={String(chosen.id)} onValueChange={(e) => setChosenId(Number(e.value))} colorPalette="brand" disabled={state !== 'idle'} aria-label="Product">
                      <Stack gap="2">
                        {products.map((p) => (
                          <RadioGroup.Item key={p.id} value={String(p.id)}>
                            <RadioGroup.ItemHiddenInput />
                            <RadioGroup.ItemIndicator />
                            <RadioGroup.ItemText>
                              {p.name} · {formatUsd(p.price)}
                            </RadioGroup.ItemText>
                          </RadioGroup.Item>
                        ))}
                      </Stack>
                    </RadioGroup.Root>
                  ) : null}
                  <ReviewSheet product={chosen} />
                </Stack>
              ),
            })}
      footer={
        failure || state === 'done' ? (
          <Button ref={buttonRef} colorPalette="brand" w={{ base: 'full', sm: 'auto' }} onClick={() => dispatch('close')}>
            OKAY
          </Button>
        ) : (
          <Stack w="full" gap="2" direction={{ base: 'column', sm: 'row-reverse' }}>
            <Button ref={buttonRef} colorPalette="brand" onClick={() => void buy()} loading={state === 'submitting'} loadingText="Buying">
              Buy · {formatUsd(chosen.price)}
            </Button>
            <Button variant="ghost" onClick={() => dispatch('close')} disabled={state === 'submitting'}>
              No thanks
            </Button>
          </Stack>
        )
      }
    />
  )
}

/** The purchase review sheet: what is bought, for how much. */
function ReviewSheet({ product }: { product: MerchProduct }) {
  return (
    <HStack gap="4" align="center" borderWidth="1px" borderColor="border.muted" borderRadius="xl" p="3" data-testid="merch-review">
      {product.image ? (
        <Image src={product.image} alt={product.name} boxSize={{ base: '20', sm: '24' }} borderRadius="lg" objectFit="cover" flexShrink="0" />
      ) : (
        <Box boxSize="20" borderRadius="lg" bg="bg.canvas" flexShrink="0" aria-hidden="true" />
      )}
      <Stack gap="0.5" minW="0">
        <Text fontWeight="semibold">{product.name}</Text>
        {product.variantName ? <Text color="fg.muted" fontSize="sm">{product.variantName}</Text> : null}
        <Text fontWeight="bold" fontSize="lg">
          {formatUsd(product.price)}
        </Text>
        <Text color="fg.muted" fontSize="xs">
          Quantity 1 · paid from your Vitrine cash
        </Text>
      </Stack>
    </HStack>
  )
}
