/** Signup (spec doc 1 §2, §4, §8): e-mail, password, referral code from ?ref=, Create Account. */
import { Button, Link, Stack, Text } from '@chakra-ui/react'
import { Form, Formik } from 'formik'
import { useState } from 'react'
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router'
import { register } from '../../api/endpoints'
import { signupErrorMessages } from '../../domain/authErrors'
import { signupSchema } from '../../domain/schemas'
import { cleanText } from '../../domain/text'
import { authFailure } from '../../ui/forms/failure'
import { FormAlert } from '../../ui/forms/FormAlert'
import { TextField } from '../../ui/forms/TextField'
import { session } from '../../app/session/sessionStore'
import { KEYS, writeKey } from '../../app/session/storage'
import { useAlert } from '../../ui/alertContext'

export function SignupForm() {
  const navigate = useNavigate()
  const { showAlert } = useAlert()
  const [params] = useSearchParams()
  const referralCode = cleanText(params.get('ref') ?? '') || null
  const [errors, setErrors] = useState<string[]>([])

  return (
    <Formik
      initialValues={{ email: '', password: '' }}
      validationSchema={signupSchema}
      onSubmit={async (values) => {
        setErrors([])
        const email = cleanText(values.email)
        try {
          const answer = await register({ email, password: values.password, referral_code: referralCode })
          session.login(answer)
          writeKey(KEYS.firstLaunch, 'true')
          await showAlert({
            title: 'Verify your e-mail',
            message: `We sent a confirmation link to ${email}. Open it to verify your e-mail address.`,
            buttonText: 'Continue',
          })
          navigate('/app/tour', { replace: true, state: { signupOnboarding: true } })
        } catch (e) {
          setErrors(signupErrorMessages(authFailure(e)))
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Sign up">
          <Stack gap="5">
            <FormAlert messages={errors} />
            <TextField name="email" label="E-mail" type="email" autoComplete="email" />
            <TextField name="password" label="Password" type="password" autoComplete="new-password" />
            {referralCode ? (
              <Text fontSize="sm" color="fg.muted" data-testid="referral-code">
                Referral code: <strong>{referralCode}</strong>
              </Text>
            ) : null}
            <Button type="submit" colorPalette="brand" size="lg" loading={isSubmitting} loadingText="Creating account">
              Create Account
            </Button>
            <Text textAlign="center" fontSize="sm" color="fg.muted">
              Already have an account?{' '}
              <Link asChild color="gold.fg" fontWeight="semibold">
                <RouterLink to="/login">Log in</RouterLink>
              </Link>
            </Text>
          </Stack>
        </Form>
      )}
    </Formik>
  )
}
