/** E-mail confirmation (spec doc 1 §2, §8): loading, then confirmed or failure with the server's message. */
import { Button, Spinner, Stack, Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router'
import { confirmEmail } from '../../api/endpoints'
import { errorFromThrown, errorMessage } from '../../api/errors'
import { NETWORK_FAILURE } from '../../domain/validation'
import { useSession } from '../../app/session/useSession'
import { trackJob } from '../../ui/loaderStore'
import { AuthLayout } from './AuthLayout'

type State = { status: 'loading' } | { status: 'confirmed'; email: string | null } | { status: 'failed'; message: string }

// one POST per key, even when React mounts the page twice
const confirmations = new Map<string, Promise<{ email?: string | null }>>()

function confirmOnce(key: string) {
  let pending = confirmations.get(key)
  if (!pending) {
    pending = trackJob(confirmEmail(key))
    confirmations.set(key, pending)
  }
  return pending
}

export function EmailConfirmPage() {
  const [params] = useSearchParams()
  const key = params.get('key') ?? ''
  const { token } = useSession()
  const [state, setState] = useState<State>({ status: 'loading' })

  useEffect(() => {
    let live = true
    if (!key) {
      setState({ status: 'failed', message: 'This confirmation link is incomplete.' })
      return undefined
    }
    confirmOnce(key).then(
      (answer) => live && setState({ status: 'confirmed', email: answer?.email ?? null }),
      (e: unknown) => {
        const error = errorFromThrown(e)
        if (live) setState({ status: 'failed', message: error.isNetwork ? NETWORK_FAILURE : errorMessage(error, NETWORK_FAILURE) })
      },
    )
    return () => {
      live = false
    }
  }, [key])

  const next = token ? { to: '/app/home', label: 'Continue to Vitrine' } : { to: '/login', label: 'Log in' }

  if (state.status === 'loading') {
    return (
      <AuthLayout title="Confirming your e-mail">
        <Stack align="center" py="6" role="status">
          <Spinner size="lg" color="brand.500" />
          <Text color="fg.muted">One moment…</Text>
        </Stack>
      </AuthLayout>
    )
  }
  if (state.status === 'confirmed') {
    return (
      <AuthLayout title="E-mail confirmed">
        <Stack gap="5" data-testid="email-confirmed">
          <Text color="fg.muted">
            {state.email ? (
              <>
                Thank you — <strong>{state.email}</strong> is now verified.
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
          {state.message}
        </Text>
        <Button asChild variant="outline" size="lg">
          <RouterLink to={token ? '/app/settings' : '/login'}>{token ? 'Go to settings' : 'Log in'}</RouterLink>
        </Button>
      </Stack>
    </AuthLayout>
  )
}
