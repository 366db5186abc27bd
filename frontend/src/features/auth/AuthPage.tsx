/**
 * The one authentication screen for /login, /signup and /password-reset (spec doc 1 §2).
 * Logged in: /login goes to /app/home; the others log out first. In special-access mode /signup goes to /login.
 */
import { Navigate } from 'react-router'
import { currentMode } from '../../domain/mode'
import { useSession } from '../../app/session/useSession'
import { AuthLayout } from './AuthLayout'
import { LoginForm } from './LoginForm'
import { ResetForm } from './ResetForm'
import { SignupForm } from './SignupForm'
import { useLogoutOnArrival } from './useLogoutOnArrival'

export type AuthKind = 'login' | 'signup' | 'password-reset'

const TITLES: Record<AuthKind, { title: string; subtitle: string }> = {
  login: { title: 'Welcome back', subtitle: 'Log in to your Vitrine account.' },
  signup: { title: 'Create your account', subtitle: 'Start investing in collectibles with Vitrine.' },
  'password-reset': { title: 'Reset your password', subtitle: 'Enter the e-mail address of your account.' },
}

export function AuthPage({ kind }: { kind: AuthKind }) {
  const { token } = useSession()
  useLogoutOnArrival(kind !== 'login')
  if (kind === 'login' && token) return <Navigate to="/app/home" replace />
  if (kind === 'signup' && currentMode() === 'special') return <Navigate to="/login" replace />
  const { title, subtitle } = TITLES[kind]
  return (
    <AuthLayout title={title} subtitle={subtitle}>
      {kind === 'login' ? <LoginForm /> : kind === 'signup' ? <SignupForm /> : <ResetForm />}
    </AuthLayout>
  )
}
