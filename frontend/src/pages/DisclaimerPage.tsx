import { Stack, Text } from '@chakra-ui/react'
import { Page, Panel } from '../ui/Page'

export function DisclaimerPage() {
  return (
    <Page title="Disclaimer" maxW="3xl">
      <Panel>
        <Stack gap="4" color="fg.muted" lineHeight="tall">
          <Text>
            Shares of collectible assets are speculative and illiquid. You may lose some or all of the money you invest, and you may not be able to
            sell your shares when you want to or at the price you want.
          </Text>
          <Text>
            Prices, valuations and the status of an offering shown in Vitrine are for information only. Nothing in the app is investment, tax or
            legal advice; consider your own situation or consult an adviser before investing.
          </Text>
          <Text>Past performance of an asset or a category does not predict future results.</Text>
        </Stack>
      </Panel>
    </Page>
  )
}
