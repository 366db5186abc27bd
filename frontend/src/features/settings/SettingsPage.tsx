/** Settings (spec doc 3 §2.7): the account's e-mail and its verification, the e-mail and password changes, links to the legal pages. */
import { Badge, Button, HStack, Link, Separator, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { useUser } from '../../app/account/userContext'
import { resendEmailConfirmation } from '../../api/endpoints'
import { ChangeEmailForm } from './ChangeEmailForm'
import { ChangePasswordForm } from './ChangePasswordForm'
import { PersonalInfoForm } from './PersonalInfoForm'
import { useAlert } from '../../ui/alertContext'
import { Page, Panel } from '../../ui/Page'

export function SettingsPage() {
  const { user } = useUser()
  const { showAlert, showFailure } = useAlert()
  const [sending, setSending] = useState(false)
  const primary = user?.emails.find((e) => e.primary) ?? (user ? { email: user.email, verified: false, primary: true } : null)

  const resend = async () => {
    if (!primary) return
    setSending(true)
    try {
      await resendEmailConfirmation(primary.email)
      await showAlert({ title: 'E-mail sent', message: `We sent a new confirmation link to ${primary.email}.` })
    } catch {
      await showFailure()
    } finally {
      setSending(false)
    }
  }

  return (
    <Page title="Settings" maxW="3xl">
      <Stack gap="4">
        <Panel>
          <Stack gap="4">
            <Text fontWeight="semibold" fontSize="lg">
              Account
            </Text>
            <HStack justify="space-between" wrap="wrap" gap="3">
              <Stack gap="0.5">
                <Text fontSize="sm" color="fg.muted">
                  E-mail
                </Text>
                <Text fontWeight="medium" data-testid="settings-email">
                  {primary?.email ?? '…'}
                </Text>
              </Stack>
              {primary ? (
                <Badge colorPalette={primary.verified ? 'green' : 'orange'} variant="subtle" size="lg">
                  {primary.verified ? 'Verified' : 'Not verified'}
                </Badge>
              ) : null}
            </HStack>
            {primary && !primary.verified ? (
              <Stack gap="2" align="flex-start">
                <Text fontSize="sm" color="fg.muted">
                  A verified e-mail address is needed to fund your account and invest.
                </Text>
                <Button size="sm" variant="outline" loading={sending} onClick={() => void resend()}>
                  Resend confirmation e-mail
                </Button>
              </Stack>
            ) : null}
            {user?.date_joined ? (
              <Text fontSize="sm" color="fg.muted">
                Member since {new Date(user.date_joined).toLocaleDateString('en-US', { year: 'numeric', month: 'long' })}
              </Text>
            ) : null}
          </Stack>
        </Panel>
        <Panel>
          <Stack gap="6">
            <ChangeEmailForm />
            <Separator />
            <ChangePasswordForm />
          </Stack>
        </Panel>
        <Panel>
          <Stack gap="5">
            <PersonalInfoForm />
            <Separator />
            <Link asChild fontWeight="medium" alignSelf="flex-start" data-testid="profile-update-link">
              <RouterLink to="/app/profile-update" state={{ from: '/app/settings' }}>
                Update your name, phone, date of birth and address step by step
              </RouterLink>
            </Link>
          </Stack>
        </Panel>
        <Panel>
          <Stack gap="3">
            <Text fontWeight="semibold" fontSize="lg">
              About
            </Text>
            {[
              ['Privacy', '/app/privacy'],
              ['Disclaimer', '/app/disclaimer'],
              ['Contact', '/app/contact'],
            ].map(([label, to], i) => (
              <Stack key={to} gap="3">
                {i > 0 ? <Separator /> : null}
                <Link asChild fontWeight="medium">
                  <RouterLink to={to ?? '/'}>{label}</RouterLink>
                </Link>
              </Stack>
            ))}
          </Stack>
        </Panel>
        <Button asChild variant="outline" alignSelf="flex-start">
          <RouterLink to="/app/logout">Log out</RouterLink>
        </Button>
      </Stack>
    </Page>
  )
}
