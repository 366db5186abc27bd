/** Password reset (spec doc 1 §2, §5): Send Link is enabled only for a valid e-mail; then a check-your-email message. */
import { Button, Link, Stack, Text } from '@chakra-ui/react'
import { Form, Formik } from 'formik'
import { useState } from 'react'
import { Link as RouterLink, useNavigate } from 'react-router'
import { requestPasswordReset } from '../../api/endpoints'
import { failureMessage } from '../../domain/authErrors'
import { resetSchema } from '../../domain/schemas'
import { cleanText } from '../../domain/text'
import { isValidEmail, NETWORK_FAILURE } from '../../domain/validation'
import { authFailure } from '../../ui/forms/failure'
import { FormAlert } from '../../ui/forms/FormAlert'
import { TextField } from '../../ui/forms/TextField'

export function ResetForm() {
  const navigate = useNavigate()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  if (sentTo !== null) {
    return (
      <Stack gap="5" data-testid="reset-sent">
        <Text fontFamily="heading" fontSize="xl" fontWeight="semibold">
          Check your email
        </Text>
        <Text color="fg.muted">
          If an account exists for <strong>{sentTo}</strong>, we have sent it a link to set a new password.
        </Text>
        <Button colorPalette="brand" size="lg" onClick={() => navigate('/login')}>
          Okay
        </Button>
      </Stack>
    )
  }

  return (
    <Formik
      initialValues={{ email: '' }}
      validationSchema={resetSchema}
      onSubmit={async (values) => {
        setError(null)
        const email = cleanText(values.email)
        try {
          await requestPasswordReset(email)
          setSentTo(email)
        } catch (e) {
          setError(failureMessage(authFailure(e), NETWORK_FAILURE))
        }
      }}
    >
      {({ isSubmitting, values }) => (
        <Form noValidate aria-label="Reset password">
          <Stack gap="5">
            <FormAlert messages={error ? [error] : []} />
            <TextField name="email" label="E-mail" type="email" autoComplete="email" helper="We will e-mail you a link to set a new password." />
            <Button type="submit" colorPalette="brand" size="lg" disabled={!isValidEmail(values.email)} loading={isSubmitting}>
              Send Link
            </Button>
            <Link asChild fontSize="sm" color="gold.fg" fontWeight="medium" alignSelf="center">
              <RouterLink to="/login">Back to log in</RouterLink>
            </Link>
          </Stack>
        </Form>
      )}
    </Formik>
  )
}
