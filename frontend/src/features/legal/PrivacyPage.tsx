/** /app/privacy: PRIVACY POLICY — the terms of use and the privacy text (spec doc 3 §2.8). */
import { Heading, Separator, Stack } from '@chakra-ui/react'
import { LegalText } from './LegalText'
import { PRIVACY, TERMS_OF_USE } from './texts'
import { Page, Panel } from '../../ui/Page'

export function PrivacyPage() {
  return (
    <Page title="PRIVACY POLICY" subtitle="The terms of using Vitrine, and how it handles your personal information." maxW="3xl">
      <Panel>
        <Stack gap="8">
          <Heading as="h2" size="lg">
            Terms of use
          </Heading>
          <LegalText sections={TERMS_OF_USE} />
          <Separator />
          <Heading as="h2" size="lg">
            Privacy
          </Heading>
          <LegalText sections={PRIVACY} />
        </Stack>
      </Panel>
    </Page>
  )
}
