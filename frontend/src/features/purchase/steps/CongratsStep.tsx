/**
 * congrats: "YOU'RE IN!", the shares bought and the app links. Meanwhile the store is asked whether the asset's
 * merchandise is in stock (GET /api/merchandising/products/?id=..; a failure or nothing in stock drops the offer).
 * Finishing shows the upsell when there is one, then submits the step: the flow completes and the app goes to My
 * Portfolio.
 */
import { Button, HStack, Link, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react'
import { useUser } from '../../../app/account/userContext'
import { merchProductsQuery } from '../../../api/queries'
import { APP_STORE_URL, PLAY_STORE_URL } from '../../../config'
import { availableProducts, offeredProducts, type MerchProduct } from '../../../domain/merchandise'
import { StepActions } from '../../../flows/StepActions'
import { useFlowStep } from '../../../flows/stepContext'
import { num, purchaseAsset, text } from '../context'
import { MerchandiseUpsell } from '../MerchandiseUpsell'

type Offer = { status: 'checking' } | { status: 'ready'; products: MerchProduct[] }

/** The offered products in stock: checking while the store answers; nothing offered or a failed check drops the offer. */
function useOffer(merchandising: unknown): Offer {
  // the step's context does not change while it is shown
  const offered = useMemo(() => offeredProducts(merchandising), [merchandising])
  const stock = useQuery({ ...merchProductsQuery(offered.map((o) => o.id)), enabled: offered.length > 0 })
  const failed = offered.length === 0 || stock.isError
  return useMemo<Offer>(() => {
    if (failed) return { status: 'ready', products: [] }
    return stock.data ? { status: 'ready', products: availableProducts(offered, stock.data) } : { status: 'checking' }
  }, [failed, stock.data, offered])
}

export function CongratsStep() {
  const { context, submit, busy } = useFlowStep()
  const { user } = useUser()
  const asset = purchaseAsset(context.asset)
  const shares = num(context.shares)
  const links = context.app_links && typeof context.app_links === 'object' ? (context.app_links as Record<string, unknown>) : {}
  const ios = text(links.ios) || APP_STORE_URL
  const android = text(links.android) || PLAY_STORE_URL
  const offer = useOffer(context.merchandising)
  const [upsell, setUpsell] = useState<'no' | 'waiting' | 'open' | 'done'>('no')
  const finishing = useRef(false)

  const finish = () => {
    if (finishing.current) return
    finishing.current = true
    void submit({}).then((outcome) => {
      if (outcome?.kind !== 'state') finishing.current = false
    })
  }

  // 'finish' pressed while the stock check was running: go on once it has answered
  const goOn = useEffectEvent((products: MerchProduct[]) => {
    if (products.length > 0 && asset) setUpsell('open')
    else {
      setUpsell('done')
      finish()
    }
  })
  useEffect(() => {
    if (upsell === 'waiting' && offer.status === 'ready') goOn(offer.products)
  }, [upsell, offer])

  const onFinish = () => {
    if (upsell === 'done' || upsell === 'open') {
      finish()
      return
    }
    setUpsell('waiting')
  }

  const accountId = user?.customer?.accounts?.[0]?.id ?? user?.customer?.id ?? user?.id ?? ''
  return (
    <Stack gap="6">
      <Text fontSize="lg">
        {asset ? (
          <>
            You now own{' '}
            <strong data-testid="congrats-shares">
              {shares} {shares === 1 ? 'share' : 'shares'}
            </strong>{' '}
            of {asset.ticker} {asset.display_name}.
          </>
        ) : (
          'Your shares are in your portfolio.'
        )}
      </Text>
      <Text color="fg.muted">Follow your asset and get news about its offering in the Vitrine app.</Text>
      <HStack gap="3" wrap="wrap" role="group" aria-label="Get the app">
        <Link href={ios} target="_blank" rel="noopener noreferrer" bg="ink.900" color="white" borderRadius="lg" px="4" py="2" fontWeight="semibold" _hover={{ bg: 'ink.700', textDecoration: 'none' }}>
          Download for iOS
        </Link>
        <Link href={android} target="_blank" rel="noopener noreferrer" bg="ink.900" color="white" borderRadius="lg" px="4" py="2" fontWeight="semibold" _hover={{ bg: 'ink.700', textDecoration: 'none' }}>
          Get it for Android
        </Link>
      </HStack>
      <StepActions>
        <Button colorPalette="brand" size="lg" minW={{ sm: '48' }} onClick={onFinish} loading={busy === 'submit' || upsell === 'waiting'} data-testid="congrats-finish">
          GO TO MY PORTFOLIO
        </Button>
      </StepActions>
      {upsell === 'open' && offer.status === 'ready' && asset ? (
        <MerchandiseUpsell
          products={offer.products}
          assetId={asset.id}
          accountId={accountId}
          onClosed={() => {
            setUpsell('done')
            finish()
          }}
        />
      ) : null}
    </Stack>
  )
}
