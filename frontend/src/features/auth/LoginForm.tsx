/** Login (spec doc 1 §2, §8): e-mail, password, Remember Me, links to Sign Up and Forgot Password, app-store links. */
import { Button, Checkbox, HStack, Link, Separator, Stack, Text } from '@chakra-ui/react'
import { Form, Formik } from 'formik'
import { useState } from 'react'
import { Link as RouterLink, useLocation, useNavigate } from 'react-router'
import { login } from '../../api/endpoints'
import { AppStoreLinks } from './AppStoreLinks'
import { loginErrorMessage } from '../../domain/authErrors'
import { currentMode } from '../../domain/mode'
import { loginSchema } from '../../domain/schemas'
import { cleanText } from '../../domain/text'
import { authFailure } from '../../ui/forms/failure'
import { FormAlert } from '../../ui/forms/FormAlert'
import { TextField } from '../../ui/forms/TextField'
import { session } from '../../app/session/sessionStore'
import { useSession } from '../../app/session/useSession'

export function LoginForm() {
  const navigate = useNavigate()
  const location = useLocation()
  const { logoutMessage } = useSession()
  const [error, setError] = useState<string | null>(null)
  const from = (location.state as { from?: string } | null)?.from

  return (
    <Formik
      initialValues={{ email: '', password: '', remember_me: false }}
      validationSchema={loginSchema}
      onSubmit={async (values) => {
        setError(null)
        session.clearMessage()
        try {
          const answer = await login({ email: cleanText(values.email), password: values.password, remember_me: values.remember_me })
          session.login(answer)
          navigate(from?.startsWith('/app/') && !from.startsWith('/app/logout') ? from : '/app/home', { replace: true })
        } catch (e) {
          setError(loginErrorMessage(authFailure(e)))
        }
      }}
    >
      {({ isSubmitting, values, setFieldValue }) => (
        <Form noValidate aria-label="Log in">
          <Stack gap="5">
            {logoutMessage ? <FormAlert status="info" messages={[logoutMessage]} /> : null}
            <FormAlert messages={error ? [error] : []} />
            <TextField name="email" label="E-mail" type="email" autoComplete="email" />
            <TextField name="password" label="Password" type="password" autoComplete="current-password" />
            <HStack justify="space-between">
              <Checkbox.Root checked={values.remember_me} onCheckedChange={(e) => void setFieldValue('remember_me', e.checked === true)} colorPalette="brand">
                <Checkbox.HiddenInput name="remember_me" />
                <Checkbox.Control />
                <Checkbox.Label>Remember Me</Checkbox.Label>
              </Checkbox.Root>
              <Link asChild fontSize="sm" color="gold.fg" fontWeight="medium">
                <RouterLink to="/password-reset">Forgot Password?</RouterLink>
              </Link>
            </HStack>
            <Button type="submit" colorPalette="brand" size="lg" loading={isSubmitting} loadingText="Logging in">
              Log in
            </Button>
            {currentMode() === 'special' ? null : (
              <Text textAlign="center" fontSize="sm" color="fg.muted">
                New to Vitrine?{' '}
                <Link asChild color="gold.fg" fontWeight="semibold">
                  <RouterLink to="/signup">Sign Up</RouterLink>
                </Link>
              </Text>
            )}
            <Separator />
            <AppStoreLinks />
          </Stack>
        </Form>
      )}
    </Formik>
  )
}
