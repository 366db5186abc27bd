/** /app/contact (spec doc 3 §2.8): text, the support e-mail, social links, phone and SMS, links to privacy and disclaimer. */
import { HStack, Link, Separator, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { SOCIAL_LINKS, SUPPORT_EMAIL, SUPPORT_PHONE } from '../../config'
import { Page, Panel } from '../../ui/Page'

const telephone = (phone: string) => phone.replace(/[^\d+]/g, '')

export function ContactPage() {
  return (
    <Page title="Contact" subtitle="Questions about Vitrine, your account or an asset?" maxW="3xl">
      <Panel>
        <Stack gap="5">
          <Stack gap="2">
            <Text>Write to our support team and include the e-mail address of your account so we can find it quickly.</Text>
            <Link href={`mailto:${SUPPORT_EMAIL}`} fontWeight="semibold" color="gold.fg" fontSize="lg" data-testid="support-email">
              {SUPPORT_EMAIL}
            </Link>
          </Stack>
          <Stack gap="1">
            <Text fontWeight="semibold">Call or text us</Text>
            <HStack gap="4" wrap="wrap">
              <Link href={`tel:${telephone(SUPPORT_PHONE)}`} data-testid="support-phone">
                Call {SUPPORT_PHONE}
              </Link>
              <Link href={`sms:${telephone(SUPPORT_PHONE)}`} data-testid="support-sms">
                Text {SUPPORT_PHONE}
              </Link>
            </HStack>
          </Stack>
          <Stack gap="1">
            <Text fontWeight="semibold">Follow Vitrine</Text>
            <HStack as="ul" gap="4" wrap="wrap" listStyleType="none" m="0" p="0" data-testid="social-links">
              {SOCIAL_LINKS.map(([name, url]) => (
                <li key={name}>
                  <Link href={url} target="_blank" rel="noopener noreferrer">
                    {name}
                  </Link>
                </li>
              ))}
            </HStack>
          </Stack>
          <Text fontSize="sm" color="fg.muted">
            Never send your password, bank details or social security number by e-mail.
          </Text>
          <Separator />
          <HStack gap="4">
            <Link asChild>
              <RouterLink to="/app/privacy">Privacy Policy</RouterLink>
            </Link>
            <Link asChild>
              <RouterLink to="/app/disclaimer">Disclaimer</RouterLink>
            </Link>
          </HStack>
        </Stack>
      </Panel>
    </Page>
  )
}
