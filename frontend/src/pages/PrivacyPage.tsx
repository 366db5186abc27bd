import { Heading, Stack, Text } from '@chakra-ui/react'
import { SUPPORT_EMAIL } from '../config'
import { Page, Panel } from '../ui/Page'

const SECTIONS: [string, string][] = [
  [
    'What we collect',
    'Your e-mail address and a password (stored only as a one-way hash) when you sign up. When you verify your identity, link a bank account or invest, we also keep the details those steps ask for, such as your name, address, date of birth and bank account information.',
  ],
  [
    'Why we collect it',
    'To run your account, to meet the identity and anti-money-laundering checks that investing requires, to move money at your request and to contact you about your account and the assets you follow.',
  ],
  [
    'Who sees it',
    'Vitrine staff who support your account, and the payment, identity and e-signature providers that carry out the steps you start. We do not sell your personal information.',
  ],
  [
    'How we protect it',
    'Sensitive identifiers such as your social security number are encrypted when stored and masked whenever they are shown. Sessions use short-lived tokens.',
  ],
  ['Your choices', `You can ask for a copy of your data or for its deletion by writing to ${SUPPORT_EMAIL}.`],
]

export function PrivacyPage() {
  return (
    <Page title="Privacy" subtitle="How Vitrine handles your personal information." maxW="3xl">
      <Panel>
        <Stack gap="6">
          {SECTIONS.map(([title, text]) => (
            <Stack key={title} gap="2" as="section">
              <Heading as="h2" size="md" fontFamily="heading">
                {title}
              </Heading>
              <Text color="fg.muted" lineHeight="tall">
                {text}
              </Text>
            </Stack>
          ))}
        </Stack>
      </Panel>
    </Page>
  )
}
