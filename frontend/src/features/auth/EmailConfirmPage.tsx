/** E-mail confirmation (spec doc 1 §2, §8): loading, then confirmed or failure with the server's message. */
import { Button, Spinner, Stack, Text } from '@chakra-ui/react'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { Link as RouterLink, useSearchParams } from 'react-router'
import { confirmEmail } from '../../api/endpoints'
import { errorFromThrown, errorMessage } from '../../api/errors'
import { keys } from '../../api/queryKeys'
import { NETWORK_FAILURE } from '../../domain/validation'
import { useSession } from '../../app/session/useSession'
import { trackJob } from '../../ui/loaderStore'
import { AuthLayout } from './AuthLayout'

/**
 * The confirmation is a query keyed on the link's key: sent once (React mounting the page twice shares it), never
 * retried nor sent again while the app is open.
 */
const confirmation = (key: string) =>
  queryOptions({
    queryKey: keys.emailConfirmation(key),
    queryFn: () => trackJob(confirmEmail(key)),
    enabled: key !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  })

export function EmailConfirmPage() {
  const [params] = useSearchParams()
  const key = params.get('key') ?? ''
  const { token } = useSession()
  const confirm = useQuery(confirmation(key))

  const next = token ? { to: '/app/home', label: 'Continue to Vitrine' } : { to: '/login', label: 'Log in' }

  const failure = !key ? 'This confirmation link is incomplete.' : confirm.isError ? failureMessage(confirm.error) : null
  if (failure === null && !confirm.isSuccess) {
    return (
      <AuthLayout title="Confirming your e-mail">
        <Stack align="center" py="6" role="status">
          <Spinner size="lg" color="brand.500" />
          <Text color="fg.muted">One moment…</Text>
        </Stack>
      </AuthLayout>
    )
  }
  if (failure === null) {
    const email = confirm.data?.email ?? null
    return (
      <AuthLayout title="E-mail confirmed">
        <Stack gap="5" data-testid="email-confirmed">
          <Text color="fg.muted">
            {email ? (
              <>
                Thank you — <strong>{email}</strong> is now verified.
              </>
            ) : (
              'Thank you — your e-mail address is now verified.'
            )}
          </Text>
          <Button asChild colorPalette="brand" size="lg">
            <RouterLink to={next.to}>{next.label}</RouterLink>
          </Button>
        </Stack>
      </AuthLayout>
    )
  }
  return (
    <AuthLayout title="We could not confirm your e-mail">
      <Stack gap="5" data-testid="email-confirm-failed">
        <Text role="alert" color="red.600">
          {failure}
        </Text>
        <Button asChild variant="outline" size="lg">
          <RouterLink to={token ? '/app/settings' : '/login'}>{token ? 'Go to settings' : 'Log in'}</RouterLink>
        </Button>
      </Stack>
    </AuthLayout>
  )
}

function failureMessage(e: unknown): string {
  const error = errorFromThrown(e)
  return error.isNetwork ? NETWORK_FAILURE : errorMessage(error, NETWORK_FAILURE)
}
