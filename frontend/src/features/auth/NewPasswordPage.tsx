/** Set a new password from a reset link (spec doc 1 §2, §5): /new-password?uid=..&token=.. */
import { Box, Button, Link, List, Stack, Text, VisuallyHidden } from '@chakra-ui/react'
import { Form, Formik } from 'formik'
import { useState } from 'react'
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router'
import { confirmPasswordReset } from '../../api/endpoints'
import { failureMessage } from '../../domain/authErrors'
import { newPasswordSchema } from '../../domain/schemas'
import { NETWORK_FAILURE, passwordHintChecks } from '../../domain/validation'
import { authFailure } from '../../ui/forms/failure'
import { FormAlert } from '../../ui/forms/FormAlert'
import { TextField } from '../../ui/forms/TextField'
import { useAlert } from '../../ui/alertContext'
import { CheckIcon } from '../../ui/icons'
import { AuthLayout } from './AuthLayout'
import { useLogoutOnArrival } from './useLogoutOnArrival'

function PasswordHint({ value }: { value: string }) {
  return (
    <Box>
      <Text fontSize="sm" color="fg.muted" mb="1">
        Your password needs:
      </Text>
      <List.Root gap="1" listStyleType="none" fontSize="sm" data-testid="password-hint">
        {passwordHintChecks(value).map((check) => (
          <List.Item key={check.id} display="flex" alignItems="center" gap="2" color={check.met ? 'green.700' : 'fg.muted'}>
            <CheckIcon boxSize="3.5" opacity={check.met ? 1 : 0.3} />
            {check.label}
            {check.met ? <VisuallyHidden> (done)</VisuallyHidden> : null}
          </List.Item>
        ))}
      </List.Root>
    </Box>
  )
}

export function NewPasswordPage() {
  useLogoutOnArrival(true)
  const [params] = useSearchParams()
  const uid = params.get('uid') ?? ''
  const token = params.get('token') ?? ''
  const navigate = useNavigate()
  const { showAlert } = useAlert()
  const [error, setError] = useState<string | null>(null)

  if (!uid || !token) {
    return (
      <AuthLayout title="Link not valid" subtitle="This password reset link is incomplete.">
        <Button asChild colorPalette="brand" size="lg" w="full">
          <RouterLink to="/password-reset">Request a new link</RouterLink>
        </Button>
      </AuthLayout>
    )
  }

  return (
    <AuthLayout title="Set a new password" subtitle="Choose a new password for your Vitrine account.">
      <Formik
        initialValues={{ new_password1: '', new_password2: '' }}
        validationSchema={newPasswordSchema}
        onSubmit={async (values) => {
          setError(null)
          try {
            await confirmPasswordReset({ ...values, uid, token })
            await showAlert({ title: 'Password changed', message: 'Your password has been changed. You can now log in with it.' })
            navigate('/login', { replace: true })
          } catch (e) {
            setError(failureMessage(authFailure(e), NETWORK_FAILURE))
          }
        }}
      >
        {({ isSubmitting, values }) => (
          <Form noValidate aria-label="Set a new password">
            <Stack gap="5">
              <FormAlert messages={error ? [error] : []} />
              <TextField name="new_password1" label="New password" type="password" autoComplete="new-password" />
              <TextField name="new_password2" label="Confirm new password" type="password" autoComplete="new-password" />
              <PasswordHint value={values.new_password1} />
              <Button type="submit" colorPalette="brand" size="lg" loading={isSubmitting}>
                Save password
              </Button>
              <Link asChild fontSize="sm" color="gold.fg" alignSelf="center">
                <RouterLink to="/login">Back to log in</RouterLink>
              </Link>
            </Stack>
          </Form>
        )}
      </Formik>
    </AuthLayout>
  )
}
