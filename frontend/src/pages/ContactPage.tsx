import { Link, Stack, Text } from '@chakra-ui/react'
import { SUPPORT_EMAIL } from '../config'
import { Page, Panel } from '../ui/Page'

export function ContactPage() {
  return (
    <Page title="Contact" subtitle="Questions about Vitrine, your account or an asset?" maxW="3xl">
      <Panel>
        <Stack gap="3">
          <Text>Write to our support team and include the e-mail address of your account so we can find it quickly.</Text>
          <Link href={`mailto:${SUPPORT_EMAIL}`} fontWeight="semibold" color="gold.fg" fontSize="lg" data-testid="support-email">
            {SUPPORT_EMAIL}
          </Link>
          <Text fontSize="sm" color="fg.muted">
            Never send your password, bank details or social security number by e-mail.
          </Text>
        </Stack>
      </Panel>
    </Page>
  )
}
