/**
 * /faq (spec doc 1 §2: opened in a new tab; doc 2 §2.2: the onboarding intro's privacy and security links): the
 * questions people ask about accounts, privacy, security, funding, offerings, trading windows and fees. Public: the
 * same page logged in or out, in the public pages' frame. Each section has an id (/faq#privacy, /faq#security...).
 * The answers state the app's own rules (the transfer limit, the trading hours, the holding period...) from the
 * modules that enforce them, so the page cannot drift from the product.
 */
import { Box, Heading, Link, List, Stack, Text } from '@chakra-ui/react'
import { useEffect, type ReactNode } from 'react'
import { Link as RouterLink, useLocation } from 'react-router'
import { SUPPORT_EMAIL } from '../../config'
import { orderRules, transferRules } from '../../domain/rules.gen'
import { PublicFrame } from '../auth/AuthLayout'
import { Page, Panel } from '../../ui/Page'

interface Question {
  q: string
  a: ReactNode
}

interface Section {
  id: string
  title: string
  questions: Question[]
}

const usd = (n: number) => `$${n.toLocaleString('en-US')}`
const askDiscount = `${Math.round(Number(orderRules.MAX_ASK_DISCOUNT) * 100)}%`

function AppLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild color="gold.fg" fontWeight="semibold">
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  )
}

export const FAQ_SECTIONS: Section[] = [
  {
    id: 'accounts',
    title: 'Your account',
    questions: [
      {
        q: 'Who can invest with Vitrine?',
        a: 'US residents aged 18 or over. Investing and funding are open in many US states but not yet in all of them. If yours is not open yet, you can still explore every asset, and we can e-mail you when it opens.',
      },
      {
        q: 'What do I need to open an account?',
        a: 'An e-mail address and a password to sign up. Before your first investment we ask for your investor profile: your name, phone number, date of birth, home address and Social Security number, and a few questions about your employment, income and investing experience, as US securities regulations require. It takes about five minutes, and you can stop and finish later.',
      },
      {
        q: 'Why do I have to confirm my e-mail address?',
        a: 'We send a confirmation link when you sign up. A confirmed address is needed before you fund your account, invest or trade, so that we can reach you about your money. If the link expired, send a new one from Settings.',
      },
      {
        q: 'How do I change my name, phone number or address?',
        a: (
          <>
            In <AppLink to="/app/settings">Settings</AppLink>, under personal information, or screen by screen with{' '}
            <AppLink to="/app/profile-update">Update your profile</AppLink>, which shows you everything before it is saved.
          </>
        ),
      },
      {
        q: 'Why am I asked to verify my info?',
        a: 'Our payment provider checks your identity against the details in your profile. When they cannot be matched, we ask you to check them: a typo in a name, a date of birth or an address is the usual cause. Sometimes a photo of a government-issued ID is needed instead; the app then asks you to upload one.',
      },
    ],
  },
  {
    id: 'privacy',
    title: 'Privacy',
    questions: [
      {
        q: 'What do you do with my personal information?',
        a: (
          <>
            We use it to open and run your account and to meet the rules that apply to securities investing. We never sell it. The full text is in
            our <AppLink to="/app/privacy">privacy policy</AppLink>.
          </>
        ),
      },
      {
        q: 'How is my Social Security number kept?',
        a: 'It is encrypted before it is stored, and only its last four digits are ever shown back to you, in the app or anywhere else.',
      },
    ],
  },
  {
    id: 'security',
    title: 'Security',
    questions: [
      {
        q: 'How is my account protected?',
        a: 'Your password is never stored, only a one-way hash of it. Your session uses short-lived keys that are renewed while you use the app. When someone asks to change your account’s e-mail address, we tell your current address.',
      },
      {
        q: 'What if I think someone else used my account?',
        a: (
          <>
            Reset your password at once from the <AppLink to="/password-reset">password reset</AppLink> page: that ends every session and cancels a
            pending e-mail change. Then write to us at <Link href={`mailto:${SUPPORT_EMAIL}`} color="gold.fg" fontWeight="semibold">{SUPPORT_EMAIL}</Link>.
          </>
        ),
      },
    ],
  },
  {
    id: 'funding',
    title: 'Funding your account',
    questions: [
      {
        q: 'How do I add money?',
        a: 'Link a US bank account, then transfer from it. The quickest way is to sign in to your bank through our bank-linking partner. You can also type in your routing and account numbers: we then send two small deposits of less than $0.10 to that account within one or two business days, and you confirm the two amounts in My Portfolio.',
      },
      {
        q: 'How much can I transfer?',
        a: `Up to ${usd(transferRules.TRANSFER_LIMIT)} in one transfer, in or out.`,
      },
      {
        q: 'When can I withdraw?',
        a: 'A deposit must fully process to your cash balance before it can be withdrawn, which may take up to 5 business days, and it stays in your account for seven days before it is available to withdraw. Withdrawals go to your linked bank account.',
      },
    ],
  },
  {
    id: 'offerings',
    title: 'Initial offerings',
    questions: [
      {
        q: 'How does buying in an initial offering work?',
        a: 'Each asset is offered as a fixed number of shares at one price per share. While its offering is open, choose how many shares you want on the asset’s page, sign the subscription agreement electronically and confirm; the shares then appear in My Portfolio. An offering never sells more shares than it has: once it is fully funded, the asset’s page says so.',
      },
      {
        q: 'Do I own the object itself?',
        a: 'No: you own shares of the series that owns it, offered through a registered broker-dealer, and you are bound by the series’ operating agreement. Each asset’s legal page has its documents. Nothing on Vitrine is investment advice.',
      },
      {
        q: 'Can I use a gift code?',
        a: 'Yes: enter it when you choose your shares, before you confirm the purchase.',
      },
    ],
  },
  {
    id: 'trading',
    title: 'Trading windows',
    questions: [
      {
        q: 'When can I buy or sell shares after an offering?',
        a: 'Once an asset trades, its market is live on weekdays from 10:30 AM to 4:30 PM Eastern Time, except federal holidays. TRADING NOW means orders are matched right now; ACCEPTING ORDERS means you can place an order at any hour and it waits until the market opens.',
      },
      {
        q: 'What kinds of orders are there?',
        a: 'Instant buy gets you one share at the lowest price offered. A limit order (a bid to buy or an ask to sell) names your price per share, and orders are matched by best price first, then by time.',
      },
      {
        q: 'Are there limits on selling?',
        a: `Shares must be held for 5 business days after you buy them before you can sell them. You cannot have a bid and an ask on the same asset at the same time, and an ask may not be more than ${askDiscount} below the last traded price.`,
      },
      {
        q: 'What happens after my order matches?',
        a: 'After the market closes there is a confirmation period in which both investors confirm the trade. It settles when both have confirmed, or at the end of that period.',
      },
    ],
  },
  {
    id: 'fees',
    title: 'Fees',
    questions: [
      {
        q: 'What does Vitrine charge?',
        a: 'Vitrine charges no commission on orders: the order summary shows a fee of $0.00. In an initial offering you pay the price per share shown, times the shares you buy. Vitrine adds no fee to deposits or withdrawals; your bank’s own terms still apply. If you ask for paper copies of disclosures, they cost up to $5.00 a document.',
      },
    ],
  },
]

export function FaqPage() {
  const { hash } = useLocation()
  // a link to a section (/faq#privacy) opens a new tab before the page is drawn: scroll to it once it is there
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null
    if (!target) return
    target.scrollIntoView({ block: 'start' })
    target.focus({ preventScroll: true })
  }, [hash])

  return (
    <PublicFrame>
      <Page title="Frequently Asked Questions" subtitle="Straight answers about your account, your money and how investing on Vitrine works." maxW="3xl">
        <Stack gap="4" pb="12">
          <Panel>
            <nav aria-label="Topics">
              <List.Root variant="plain" display="flex" flexWrap="wrap" gap="2">
                {FAQ_SECTIONS.map((s) => (
                  <List.Item key={s.id}>
                    <Link href={`#${s.id}`} px="3" py="1.5" borderRadius="full" bg="bg.canvas" fontSize="sm" fontWeight="medium">
                      {s.title}
                    </Link>
                  </List.Item>
                ))}
              </List.Root>
            </nav>
          </Panel>
          {FAQ_SECTIONS.map((s) => (
            <Box as="section" key={s.id} id={s.id} tabIndex={-1} outline="none" aria-labelledby={`${s.id}-title`} scrollMarginTop="20" data-testid={`faq-${s.id}`}>
              <Panel>
                <Stack gap="5">
                  <Heading as="h2" id={`${s.id}-title`} size="xl" fontFamily="heading">
                    {s.title}
                  </Heading>
                  {s.questions.map((item) => (
                    <Stack key={item.q} gap="1.5">
                      <Heading as="h3" size="md">
                        {item.q}
                      </Heading>
                      <Text color="fg.muted" lineHeight="tall">
                        {item.a}
                      </Text>
                    </Stack>
                  ))}
                </Stack>
              </Panel>
            </Box>
          ))}
          <Text color="fg.muted" fontSize="sm" textAlign="center">
            Another question? Write to us at{' '}
            <Link href={`mailto:${SUPPORT_EMAIL}`} color="gold.fg" fontWeight="semibold">
              {SUPPORT_EMAIL}
            </Link>
            .
          </Text>
        </Stack>
      </Page>
    </PublicFrame>
  )
}
